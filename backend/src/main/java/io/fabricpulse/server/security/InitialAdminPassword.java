package io.fabricpulse.server.security;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.crypto.password.PasswordEncoder;
import reactor.core.publisher.Mono;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The admin password when none is configured: generated on the very first start, logged that once,
 * and kept as a bcrypt hash in the state store, so restarts and other replicas use the same one and
 * never print it again. {@code fabricpulse.security.reset-admin-password=true} forgets it and
 * generates a new one at that start.
 */
class InitialAdminPassword {

    private static final Logger log = LoggerFactory.getLogger(InitialAdminPassword.class);
    private static final int GENERATED_BYTES = 18;

    private final String user;
    private final GeneratedPasswordRepository stored;
    private final PasswordEncoder encoder;
    private final SecureRandom random;
    private final Clock clock;
    private final boolean reset;
    /** The hash once known: the state store is asked until it has answered once. */
    private final AtomicReference<String> known = new AtomicReference<>();

    InitialAdminPassword(String user, GeneratedPasswordRepository stored, PasswordEncoder encoder, SecureRandom random,
                         Clock clock, boolean reset) {
        this.user = user;
        this.stored = stored;
        this.encoder = encoder;
        this.random = random;
        this.clock = clock;
        this.reset = reset;
    }

    /** The encoded password: the stored one, or a new one generated, stored and logged. */
    Mono<String> encoded() {
        String hash = known.get();
        if (hash != null) {
            return Mono.just(hash);
        }
        return stored.find(user)
                .switchIfEmpty(Mono.defer(this::generate))
                .doOnNext(known::set);
    }

    /** At startup: apply a requested reset, then make sure there is a password (printing it if new). */
    Mono<String> prepare() {
        Mono<Void> forget = reset
                ? stored.delete(user).doOnSuccess(done -> log.warn("Forgot the generated password of '{}' "
                        + "(fabricpulse.security.reset-admin-password=true); remove that setting again", user))
                : Mono.empty();
        return forget.then(Mono.defer(this::encoded));
    }

    private Mono<String> generate() {
        byte[] bytes = new byte[GENERATED_BYTES];
        random.nextBytes(bytes);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        String hash = encoder.encode(password);
        return stored.insert(user, hash, clock.instant()).flatMap(inserted -> {
            if (!inserted) {
                // Another replica generated one at the same moment: use (and do not print) that one.
                return stored.find(user);
            }
            log.warn("""

                    ************************************************************************
                    Initial admin account (shown only this once; only its hash is kept):
                      user:     {}
                      password: {}
                    Sign in at /login. Lost it? Start once with
                    --fabricpulse.security.reset-admin-password=true, or set
                    FABRICPULSE_ADMIN_PASSWORD.
                    ************************************************************************""", user, password);
            return Mono.just(hash);
        });
    }
}
