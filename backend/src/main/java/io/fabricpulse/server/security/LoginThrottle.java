package io.fabricpulse.server.security;

import io.fabricpulse.server.system.ClockTimeMeter;
import io.github.bucket4j.Bucket;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Slows sign-in guessing down, per user name and per client address: a token bucket of free failures
 * each (Bucket4j: {@code failures-per-user} / {@code -per-address}, forgiven over {@code forgive-after}),
 * and once a bucket is empty every further failure locks the name or address out for twice as long as
 * the time before ({@code first-lockout} 1 s, 2 s, 4 s ... up to {@code max-lockout}). While locked out,
 * even the right password is refused: a guesser cannot tell. A success forgives the user name (not the
 * address: one valid account must not launder another's guessing). Memory is bounded: the least recently
 * seen names and addresses are forgotten first. Thread-safe.
 */
final class LoginThrottle {

    /** What a failure did: whether it started a lockout, of what, for how long. */
    record Failure(String lockedKey, Duration lockout) {
        boolean lockedOut() {
            return lockedKey != null;
        }
    }

    private final class Strikes {
        final Bucket free;
        int lockouts;
        Instant lockedUntil = Instant.MIN;

        Strikes(int capacity) {
            free = Bucket.builder()
                    .addLimit(limit -> limit.capacity(capacity).refillGreedy(capacity, properties.forgiveAfter()))
                    .withCustomTimePrecision(new ClockTimeMeter(clock))
                    .build();
        }

        /** Counts a failure; the lockout it starts, or null. */
        Duration failed(Instant now, int capacity) {
            if (free.getAvailableTokens() >= capacity) {
                lockouts = 0; // everything was forgiven: start over
            }
            if (free.tryConsume(1) && free.getAvailableTokens() > 0) {
                return null;
            }
            Duration lockout = properties.firstLockout().multipliedBy(1L << Math.min(lockouts, 30));
            if (lockout.compareTo(properties.maxLockout()) > 0 || lockout.isNegative()) {
                lockout = properties.maxLockout();
            }
            lockouts++;
            lockedUntil = now.plus(lockout);
            return lockout;
        }
    }

    private final LoginThrottleProperties properties;
    private final Clock clock;
    private final Map<String, Strikes> users;
    private final Map<String, Strikes> addresses;

    LoginThrottle(LoginThrottleProperties properties, Clock clock) {
        this.properties = properties;
        this.clock = clock;
        this.users = bounded(properties.tracked());
        this.addresses = bounded(properties.tracked());
    }

    /** How long sign-ins of {@code user} from {@code address} are refused still; zero when they are not. */
    synchronized Duration lockedFor(String user, String address) {
        Instant now = clock.instant();
        Instant until = later(until(users.get(user)), until(addresses.get(address)));
        return until.isAfter(now) ? Duration.between(now, until) : Duration.ZERO;
    }

    /** Counts a wrong password; says when it locked the user name or the address out. */
    synchronized Failure failed(String user, String address) {
        Instant now = clock.instant();
        Duration userLockout = users.computeIfAbsent(user, key -> new Strikes(properties.failuresPerUser()))
                .failed(now, properties.failuresPerUser());
        Duration addressLockout = addresses.computeIfAbsent(address, key -> new Strikes(properties.failuresPerAddress()))
                .failed(now, properties.failuresPerAddress());
        if (userLockout != null) {
            return new Failure("user " + user, userLockout);
        }
        return addressLockout != null ? new Failure("address " + address, addressLockout) : new Failure(null, null);
    }

    /** The right password: the user name is forgiven. */
    synchronized void succeeded(String user) {
        users.remove(user);
    }

    private static Instant until(Strikes strikes) {
        return strikes == null ? Instant.MIN : strikes.lockedUntil;
    }

    private static Instant later(Instant one, Instant other) {
        return one.isAfter(other) ? one : other;
    }

    private static Map<String, Strikes> bounded(int capacity) {
        return new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Strikes> eldest) {
                return size() > capacity;
            }
        };
    }
}
