package io.fabricpulse.server.security;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.userdetails.MapReactiveUserDetailsService;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.crypto.password.PasswordEncoder;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/** The one administrator account until users and roles arrive (issue 6). */
final class AdminAccount {

    private static final Logger log = LoggerFactory.getLogger(AdminAccount.class);
    /** {@code {bcrypt}...}, {@code {argon2}...}: Spring Security's marker of an encoded password. */
    private static final Pattern ENCODED = Pattern.compile("\\{[A-Za-z0-9@.-]+}.+");
    private static final int GENERATED_BYTES = 18;

    private AdminAccount() {
    }

    static MapReactiveUserDetailsService users(SecurityProperties properties, PasswordEncoder encoder) {
        String password = properties.adminPassword();
        if (password == null || password.isBlank()) {
            password = generated();
            log.warn("No admin password configured (FABRICPULSE_ADMIN_PASSWORD or fabricpulse.security.admin-password). "
                    + "Generated one for this run only - user '{}', password: {}", properties.adminUser(), password);
        }
        String encoded = ENCODED.matcher(password).matches() ? password : encoder.encode(password);
        return new MapReactiveUserDetailsService(User.withUsername(properties.adminUser())
                .password(encoded)
                .roles("ADMIN")
                .build());
    }

    private static String generated() {
        byte[] random = new byte[GENERATED_BYTES];
        new SecureRandom().nextBytes(random);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    }
}
