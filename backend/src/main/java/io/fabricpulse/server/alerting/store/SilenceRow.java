package io.fabricpulse.server.alerting.store;

import io.fabricpulse.server.state.StateText;

import java.time.Instant;
import java.util.Set;

/**
 * A silence or maintenance window, as {@code alert_silence} has it: alerts matching
 * ({@code matchKind}, {@code matchValue}) are not announced from {@code startsAt} until {@code endsAt}.
 * Whether it is pending, active or expired follows from those times and the clock, never a flag.
 *
 * @param id         assigned by the database; 0 before the row is stored
 * @param matchKind  NODE (a GUID, either end), LINK (a link key), CLUSTER (a name) or RULE (a rule name)
 * @param matchValue what to match
 * @param startsAt   from (inclusive)
 * @param endsAt     until (exclusive), after {@code startsAt}
 * @param createdAt  when it was made
 * @param createdBy  who made it
 * @param comment    why: the maintenance ticket, the reason
 */
public record SilenceRow(long id, String matchKind, String matchValue, Instant startsAt, Instant endsAt,
                         Instant createdAt, String createdBy, String comment) {

    public static final Set<String> KINDS = Set.of("NODE", "LINK", "CLUSTER", "RULE");

    public SilenceRow {
        if (!KINDS.contains(matchKind)) {
            throw new IllegalArgumentException("silence: match kind '" + matchKind + "' is not one of NODE, LINK, "
                    + "CLUSTER, RULE");
        }
        StateText.require("silence match value", matchValue, AlertRow.MAX_KEY);
        StateText.require("silence creator", createdBy, 100);
        StateText.require("silence comment", comment, 1000);
        if (startsAt == null || endsAt == null || createdAt == null) {
            throw new IllegalArgumentException("silence: startsAt, endsAt and createdAt are required");
        }
        if (!endsAt.isAfter(startsAt)) {
            throw new IllegalArgumentException("silence: endsAt " + endsAt + " is not after startsAt " + startsAt);
        }
    }

    /** PENDING before its start, ACTIVE from start until end, EXPIRED from its end on. */
    public String stateAt(Instant now) {
        return now.isBefore(startsAt) ? "PENDING" : now.isBefore(endsAt) ? "ACTIVE" : "EXPIRED";
    }
}
