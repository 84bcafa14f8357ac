package io.fabricpulse.server.sm.store;

import java.time.Instant;

/**
 * One subnet manager as last answered.
 *
 * @param guid          SMInfo.GUID, canonical
 * @param lid           the LID it answered at
 * @param priority      SMInfo.Priority
 * @param state         SMInfo.SMState's name ({@code MASTER}), null for a reserved code
 * @param activityCount SMInfo.ActCount
 * @param firstSeen     when it first answered
 * @param lastSeen      when it last answered (kept to within a minute)
 */
public record SubnetManagerRow(String guid, int lid, int priority, String state, long activityCount,
                               Instant firstSeen, Instant lastSeen) {
}
