package io.fabricpulse.server.security.token;

import io.fabricpulse.server.security.Permission;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Set;

/**
 * An API token as the API shows it: everything but the secret and its hash.
 *
 * @param id         assigned by the database
 * @param name       what it is for, e.g. "jira"
 * @param scopes     what it may do
 * @param createdAt  when it was created
 * @param createdBy  who created it
 * @param lastUsedAt last successful authentication (written at most once per interval), or null
 * @param revokedAt  when it was revoked, or null while it is valid
 */
public record ApiToken(long id, String name, Set<ApiScope> scopes, Instant createdAt, String createdBy,
                       Instant lastUsedAt, Instant revokedAt) {

    public ApiToken {
        scopes = Set.copyOf(scopes);
    }

    public boolean revoked() {
        return revokedAt != null;
    }

    /** The union of the scopes' permissions; none once revoked. */
    public Set<Permission> permissions() {
        Set<Permission> permissions = EnumSet.noneOf(Permission.class);
        if (!revoked()) {
            scopes.forEach(scope -> permissions.addAll(scope.permissions()));
        }
        return permissions;
    }

    /** How the audit log names this token: {@code token:<name>#<id>}. */
    public String actor() {
        return "token:" + name + "#" + id;
    }

    ApiToken withLastUsedAt(Instant at) {
        return new ApiToken(id, name, scopes, createdAt, createdBy, at, revokedAt);
    }
}
