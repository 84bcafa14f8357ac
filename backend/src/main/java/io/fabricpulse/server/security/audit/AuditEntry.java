package io.fabricpulse.server.security.audit;

import io.fabricpulse.server.state.StateText;

import java.time.Instant;

/**
 * One row of the audit log: who did what to what, and when.
 *
 * @param id         assigned by the database; 0 before the entry is stored
 * @param occurredAt when it happened
 * @param actor      who: a user name, {@code agent:<name>}, or {@code system}
 * @param action     what, as a dotted verb such as {@code agent-token.issue}
 * @param target     what it was done to, such as {@code agent-token:42}
 * @param detail     anything else worth keeping, or null
 */
public record AuditEntry(long id, Instant occurredAt, String actor, String action, String target, String detail) {

    public static final int MAX_ACTOR = 100;
    static final int MAX_ACTION = 64;
    static final int MAX_TARGET = 500;
    public static final int MAX_DETAIL = 4000;

    public AuditEntry {
        StateText.require("audit entry actor", actor, MAX_ACTOR);
        StateText.require("audit entry action", action, MAX_ACTION);
        StateText.require("audit entry target", target, MAX_TARGET);
        if (occurredAt == null) {
            throw new IllegalArgumentException("audit entry: occurredAt is required");
        }
        if (detail != null && detail.length() > MAX_DETAIL) {
            throw new IllegalArgumentException("audit entry: detail is " + detail.length() + " characters, at most "
                    + MAX_DETAIL);
        }
    }

    /** A new entry, not stored yet. */
    public static AuditEntry of(Instant occurredAt, String actor, String action, String target, String detail) {
        return new AuditEntry(0, occurredAt, actor, action, target, detail);
    }
}
