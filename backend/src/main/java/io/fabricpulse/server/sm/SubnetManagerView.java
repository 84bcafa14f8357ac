package io.fabricpulse.server.sm;

import io.fabricpulse.model.ingest.FieldFault;
import io.fabricpulse.model.ingest.SmState;

import java.time.Instant;
import java.util.List;

/**
 * One subnet manager as the page and {@code GET /api/v1/subnet-managers} show it: what SMInfo last answered,
 * or, for an SM that never answered, where it was asked and why it did not.
 *
 * @param guid          SMInfo.GUID (the SM's port GUID), null for an SM that never answered
 * @param lid           the LID it answers (or was asked) at, 0 when asked by directed route without one
 * @param priority      SMInfo.Priority, null without an answer
 * @param state         SMInfo.SMState, null without an answer or for a reserved code (see {@code faults})
 * @param activityCount SMInfo.ActCount of the last answer, null without one
 * @param registered    some port names it as its master SM (PortInfo MasterSMLID)
 * @param via           the port that asked last, {@code <node GUID>:<port>}
 * @param firstSeen     when it first answered, null when it never did
 * @param lastAnswered  when it last answered, null when it never did
 * @param lastAsked     when it was last asked
 * @param error         why the last query got no answer, null when it was answered
 * @param faults        reserved values in its last answer, null when none
 */
public record SubnetManagerView(String guid, int lid, Integer priority, SmState state, Long activityCount,
                                boolean registered, String via, Instant firstSeen, Instant lastAnswered,
                                Instant lastAsked, String error, List<FieldFault> faults) {

    /** It answered at {@code since} or later. */
    public boolean answeredSince(Instant since) {
        return lastAnswered != null && !lastAnswered.isBefore(since);
    }
}
