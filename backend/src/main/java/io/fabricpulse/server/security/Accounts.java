package io.fabricpulse.server.security;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.security.core.userdetails.ReactiveUserDetailsService;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.password.PasswordEncoder;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The people who may sign in: the admin account and {@code fabricpulse.security.users}. Plain
 * passwords from the configuration are encoded (bcrypt) once at start, so the server never holds them
 * longer; an admin without a configured password gets the {@link InitialAdminPassword}.
 */
class Accounts implements ReactiveUserDetailsService {

    private static final Logger log = LoggerFactory.getLogger(Accounts.class);
    /** {@code {bcrypt}...}, {@code {argon2}...}: Spring Security's marker of an encoded password. */
    private static final Pattern ENCODED = Pattern.compile("\\{[A-Za-z0-9@.-]+}.+");
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(30);

    private final Map<String, UserDetails> configured = new HashMap<>();
    private final String adminUser;
    private final InitialAdminPassword initialAdmin;

    /** @param initialAdmin used only when the admin has no configured password */
    Accounts(SecurityProperties properties, PasswordEncoder encoder, InitialAdminPassword initialAdmin) {
        this.adminUser = properties.adminUser();
        boolean adminConfigured = properties.adminPassword() != null && !properties.adminPassword().isBlank();
        this.initialAdmin = adminConfigured ? null : initialAdmin;
        if (adminConfigured) {
            configured.put(adminUser, user(adminUser, encoded(properties.adminPassword(), encoder), Role.ADMIN));
        }
        for (SecurityProperties.User user : properties.users()) {
            configured.put(user.name(), user(user.name(), encoded(user.password(), encoder), user.role()));
        }
    }

    @Override
    public Mono<UserDetails> findByUsername(String username) {
        UserDetails user = configured.get(username);
        if (user != null) {
            // A copy: Spring erases the password of the instance it authenticated with.
            return Mono.just(User.withUserDetails(user).build());
        }
        if (initialAdmin != null && adminUser.equals(username)) {
            return initialAdmin.encoded().map(hash -> user(adminUser, hash, Role.ADMIN));
        }
        return Mono.empty();
    }

    /** Generates (and prints) the initial admin password at startup rather than at the first sign-in. */
    @EventListener(ApplicationReadyEvent.class)
    void prepareInitialAdmin() {
        if (initialAdmin == null) {
            return;
        }
        try {
            initialAdmin.prepare().block(STARTUP_TIMEOUT);
        } catch (RuntimeException fault) {
            log.warn("Cannot read or store the initial admin password (state store: {}); the admin can sign in "
                    + "once it answers, or configure FABRICPULSE_ADMIN_PASSWORD", fault.toString());
        }
    }

    private static String encoded(String password, PasswordEncoder encoder) {
        return ENCODED.matcher(password).matches() ? password : encoder.encode(password);
    }

    private static UserDetails user(String name, String encodedPassword, Role role) {
        return User.withUsername(name).password(encodedPassword).authorities(role.authorities()).build();
    }
}
