package io.fabricpulse.server.state.token;

import java.time.Instant;
import java.util.Set;

/**
 * One stored agent token, as the {@code agent_token} table has it (the hash, never the token).
 *
 * @param id         assigned by the database
 * @param name       what the token is for, usually the agent or node it was issued to
 * @param tokenHash  SHA-256 of the token, hex ({@link AgentTokenSecrets#hash})
 * @param scopes     what the token may do, e.g. {@code ingest}
 * @param createdAt  when it was issued
 * @param createdBy  who issued it
 * @param lastUsedAt when an agent last authenticated with it (updated at most once a minute), or null
 * @param revokedAt  when it was revoked, or null while it is valid
 */
public record AgentTokenRow(long id, String name, String tokenHash, Set<String> scopes, Instant createdAt,
                            String createdBy, Instant lastUsedAt, Instant revokedAt) {

    public AgentTokenRow {
        scopes = Set.copyOf(scopes);
    }

    /** The token without its hash, for everything outside the state store. */
    AgentToken view() {
        return new AgentToken(id, name, scopes, createdAt, createdBy, lastUsedAt, revokedAt);
    }
}
