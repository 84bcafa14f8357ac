package io.fabricpulse.server.security.token;

import io.fabricpulse.server.ingest.AgentRole;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;

/**
 * An agent token as the rest of the server sees it: everything but the secret and its hash.
 *
 * @param id         the token's id
 * @param name       what it is for; for an agent's own token, the agent id
 * @param scopes     what it may do: {@link AgentTokenStore#INGEST} (with {@code role:<role>} for an
 *                   agent's own token), or {@link AgentTokenStore#ENROL} with the roles it may enrol
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

    /** The role of an agent's own token; null for a token bound to no agent (an ingest token as issued before). */
    public AgentRole agentRole() {
        for (AgentRole role : AgentRole.values()) {
            if (scopes.contains(AgentTokenStore.roleScope(role))) {
                return role;
            }
        }
        return null;
    }

    /** The roles a bootstrap token may enrol agents in. */
    public Set<AgentRole> enrolRoles() {
        Set<AgentRole> roles = EnumSet.noneOf(AgentRole.class);
        for (AgentRole role : AgentRole.values()) {
            if (scopes.contains(AgentTokenStore.roleScope(role))) {
                roles.add(role);
            }
        }
        return roles;
    }
}
