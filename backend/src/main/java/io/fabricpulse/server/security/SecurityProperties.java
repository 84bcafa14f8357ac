package io.fabricpulse.server.security;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code fabricpulse.security.*}: who may read and change things (agents are authenticated by
 * {@code fabricpulse.ingest.agent-token} and issued agent tokens, not here).
 *
 * @param adminUser                name of the administrator account, which always exists
 * @param adminPassword            its password ({@code FABRICPULSE_ADMIN_PASSWORD}); {@code {bcrypt}$2a$...}
 *                                 is taken as already encoded. Blank: one is generated on the first start,
 *                                 logged once, and its hash kept in the state store
 * @param users                    further accounts: {@code users[i].name}, {@code .password}, {@code .role}
 * @param anonymousRead            let anyone read (GET) the pages and the read API without signing in (the
 *                                 demo turns this on); writes always need a user or token
 * @param apiTokenCache            how long a valid API token is trusted without asking the database: a
 *                                 revocation made on another replica takes effect within this time
 * @param apiTokenLastUsedInterval how often at most a token's last-used time (and an audit entry of its
 *                                 use) is written
 */
@ConfigurationProperties("fabricpulse.security")
public record SecurityProperties(@DefaultValue("admin") String adminUser,
                                 String adminPassword,
                                 List<User> users,
                                 @DefaultValue("false") boolean anonymousRead,
                                 @DefaultValue("30s") Duration apiTokenCache,
                                 @DefaultValue("1m") Duration apiTokenLastUsedInterval,
                                 @DefaultValue("false") boolean resetAdminPassword) {

    private static final int MAX_NAME = 100;

    /**
     * One configured account.
     *
     * @param name     the login name
     * @param password plain (encoded with bcrypt at start) or already encoded ({@code {bcrypt}$2a$...})
     * @param role     viewer, operator or admin
     */
    public record User(String name, String password, Role role) {
    }

    public SecurityProperties {
        users = users == null ? List.of() : List.copyOf(users);
        requireName("fabricpulse.security.admin-user", adminUser);
        Set<String> names = new HashSet<>(Set.of(adminUser));
        for (int i = 0; i < users.size(); i++) {
            User user = users.get(i);
            String where = "fabricpulse.security.users[" + i + "]";
            requireName(where + ".name", user.name());
            if (user.password() == null || user.password().isBlank()) {
                throw new IllegalArgumentException(where + ".password is required (user '" + user.name() + "')");
            }
            if (user.role() == null) {
                throw new IllegalArgumentException(where + ".role is required (user '" + user.name()
                        + "'): viewer, operator or admin");
            }
            if (!names.add(user.name())) {
                throw new IllegalArgumentException(where + ".name '" + user.name() + "' is taken (by "
                        + (user.name().equals(adminUser) ? "fabricpulse.security.admin-user" : "an earlier user")
                        + "); names must be unique");
            }
        }
        if (apiTokenCache.isNegative() || apiTokenLastUsedInterval.isNegative()) {
            throw new IllegalArgumentException("fabricpulse.security.api-token-cache and api-token-last-used-interval "
                    + "must not be negative");
        }
    }

    private static void requireName(String where, String name) {
        if (name == null || name.isBlank() || name.length() > MAX_NAME || !name.strip().equals(name)
                || name.chars().anyMatch(c -> Character.isISOControl(c) || c == ':')) {
            throw new IllegalArgumentException(where + " must be 1 to " + MAX_NAME + " characters without surrounding "
                    + "blanks, control characters or ':' (HTTP Basic cannot carry a ':' in a name), got '" + name + "'");
        }
    }
}
