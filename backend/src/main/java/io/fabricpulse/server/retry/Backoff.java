package io.fabricpulse.server.retry;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.random.RandomGenerator;

/**
 * Exponential backoff with jitter: after n failed attempts the wait is drawn from [d/2, d] with
 * d = min(max, initial * 2^(n-1)). The random half keeps a fleet of replicas (and the many entries of
 * one outage) from retrying in lockstep when a channel comes back.
 */
public final class Backoff {

    private final Duration initial;
    private final Duration max;
    private final RandomGenerator random;

    public Backoff(Duration initial, Duration max, RandomGenerator random) {
        if (initial.isNegative() || initial.isZero() || max.compareTo(initial) < 0) {
            throw new IllegalArgumentException("backoff needs 0 < initial <= max, got " + initial + " and " + max);
        }
        this.initial = initial;
        this.max = max;
        this.random = random;
    }

    /** The wait after the {@code failures}-th failed attempt (1 for the first). */
    public Duration after(int failures) {
        int doublings = Math.min(Math.max(failures - 1, 0), 30);
        long ceiling = Math.min(max.toMillis(), initial.toMillis() << doublings);
        long half = ceiling / 2;
        return Duration.ofMillis(half + random.nextLong(ceiling - half + 1));
    }

    public Duration max() {
        return max;
    }

    /**
     * Retry-After as RFC 9110 defines it: a number of seconds, or an HTTP-date. A date in the past
     * means now; anything unreadable is ignored (null) and ordinary backoff applies.
     */
    public static Duration retryAfter(String header, Instant now) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String value = header.strip();
        if (value.chars().allMatch(Character::isDigit)) {
            try {
                return Duration.ofSeconds(Long.parseLong(value));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        try {
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
