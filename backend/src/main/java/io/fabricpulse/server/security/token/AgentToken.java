package io.fabricpulse.server.security.token;

import java.time.Instant;
import java.util.Set;

/**
 * An agent token as the rest of the server sees it: everything but the secret and its hash.
 *
 * @param id         the token's id
 * @param name       what it is for
 * @param scopes     what it may do ({@link AgentTokenStore#INGEST})
 * @param createdAt  when it was issued
 * @param createdBy  who issued it
 * @param lastUsedAt last successful authentication (at most a minute stale), or null
 * @param revokedAt  when it was revoked, or null
 */
public record AgentToken(long id, String name, Set<String> scopes, Instant createdAt, String createdBy,
                         Instant lastUsedAt, Instant revokedAt) {

    public AgentToken {
        scopes = Set.copyOf(scopes);
    }

    public boolean revoked() {
        return revokedAt != null;
    }

    public boolean allows(String scope) {
        return !revoked() && scopes.contains(scope);
    }
}
