package io.fabricpulse.agent.push;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** The Retry-After header (RFC 9110 section 10.2.3): delay-seconds or an HTTP-date. */
final class RetryAfter {

    private RetryAfter() {
    }

    /**
     * The wait the header asks for, seen from {@code now}; empty when absent or malformed (then the
     * client's own backoff applies). A date in the past means "now": zero.
     */
    static Optional<Duration> parse(String header, Instant now) {
        if (header == null) {
            return Optional.empty();
        }
        String value = header.strip();
        if (value.matches("\\d{1,9}")) {
            return Optional.of(Duration.ofSeconds(Long.parseLong(value)));
        }
        try {
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
