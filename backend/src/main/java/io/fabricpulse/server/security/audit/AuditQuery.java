package io.fabricpulse.server.security.audit;

import java.time.Instant;

/**
 * Which audit entries to read: every filter is optional (null), the page is newest first.
 *
 * @param actor    exactly this actor
 * @param action   exactly this action, or every action starting with it when it ends in {@code .}
 *                 ({@code api-token.} for all token actions)
 * @param target   exactly this target
 * @param since    at or after
 * @param until    before
 * @param beforeId only entries with a smaller id: the cursor of the next page (the last id of this one)
 * @param limit    at most this many, 1 or more
 */
public record AuditQuery(String actor, String action, String target, Instant since, Instant until, Long beforeId,
                         int limit) {

    public AuditQuery {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
    }
}
