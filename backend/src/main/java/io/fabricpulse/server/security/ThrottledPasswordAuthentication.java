package io.fabricpulse.server.security;

import io.fabricpulse.server.security.audit.AuditTrail;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.userdetails.ReactiveUserDetailsService;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.password.PasswordEncoder;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * User name and password, from the login form and from HTTP Basic alike: refused at once while the name or
 * the client address is locked out ({@link LoginThrottle}), and then checked so that a user name that does
 * not exist costs what a wrong password costs (a dummy bcrypt hash is checked instead), so names cannot be
 * told apart by timing. A failure that starts a lockout is written to the audit log ({@code login.lockout}).
 * bcrypt runs off the event loop.
 */
final class ThrottledPasswordAuthentication implements ReactiveAuthenticationManager {

    private static final Logger log = LoggerFactory.getLogger(ThrottledPasswordAuthentication.class);
    private static final int MAX_NAME = 100;

    /** A wrong password while locked out, or any password: the caller waits {@link #retryAfter()}. */
    static final class LockedOutException extends AuthenticationException {

        private final Duration retryAfter;

        LockedOutException(Duration retryAfter) {
            super("too many failed sign-ins; try again in " + Math.max(1, (retryAfter.toMillis() + 999) / 1000) + " s");
            this.retryAfter = retryAfter;
        }

        Duration retryAfter() {
            return retryAfter;
        }
    }

    private final ReactiveUserDetailsService users;
    private final PasswordEncoder encoder;
    private final LoginThrottle throttle;
    private final AuditTrail audit;
    private final String dummyHash;
    private final Scheduler hashing = Schedulers.boundedElastic();

    ThrottledPasswordAuthentication(ReactiveUserDetailsService users, PasswordEncoder encoder, LoginThrottle throttle,
                                    AuditTrail audit) {
        this.users = users;
        this.encoder = encoder;
        this.throttle = throttle;
        this.audit = audit;
        this.dummyHash = encoder.encode(UUID.randomUUID().toString());
    }

    @Override
    public Mono<Authentication> authenticate(Authentication attempt) {
        String user = name(attempt.getName());
        String password = attempt.getCredentials() == null ? "" : attempt.getCredentials().toString();
        return ClientAddress.current().flatMap(address -> {
            Duration locked = throttle.lockedFor(user, address);
            if (!locked.isZero()) {
                return Mono.error(new LockedOutException(locked));
            }
            return users.findByUsername(attempt.getName()).map(Optional::of).defaultIfEmpty(Optional.empty())
                    .publishOn(hashing)
                    .flatMap(found -> {
                        // Exactly one bcrypt check either way: an unknown user is checked against a dummy hash,
                        // or the answer's speed would tell which names exist.
                        boolean right = encoder.matches(password, found.map(UserDetails::getPassword).orElse(dummyHash))
                                && found.isPresent();
                        if (!right) {
                            return failed(user, address);
                        }
                        throttle.succeeded(user);
                        return Mono.just(authenticated(found.get()));
                    });
        });
    }

    private Mono<Authentication> failed(String user, String address) {
        LoginThrottle.Failure failure = throttle.failed(user, address);
        Mono<Void> noted = Mono.empty();
        if (failure.lockedOut()) {
            noted = audit.record(user, "login.lockout", "session", failure.lockedKey() + " locked out for "
                            + failure.lockout().toMillis() + " ms after repeated failed sign-ins from " + address)
                    .onErrorResume(fault -> {
                        log.warn("could not write a sign-in lockout to the audit log: {}", fault.toString());
                        return Mono.empty();
                    }).then();
        }
        return noted.then(Mono.error(new BadCredentialsException("wrong user name or password")));
    }

    private static Authentication authenticated(UserDetails user) {
        return UsernamePasswordAuthenticationToken.authenticated(user, user.getPassword(), user.getAuthorities());
    }

    /** The name as the audit log and the throttle keep it: printable, bounded. */
    static String name(String tried) {
        if (tried == null || tried.isBlank()) {
            return "(no name)";
        }
        String printable = tried.strip().replaceAll("\\p{Cntrl}", "?");
        return printable.length() > MAX_NAME ? printable.substring(0, MAX_NAME) : printable;
    }
}
