package io.fabricpulse.server.notify.outbox;

import io.fabricpulse.server.retry.Backoff;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The status table, Retry-After in both forms, and backoff bounds. */
class SendResultTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    @ParameterizedTest
    @CsvSource({"200,Delivered", "202,Delivered", "204,Delivered", "408,Retry", "425,Retry", "429,Retry", "500,Retry",
            "502,Retry", "503,Retry", "400,Refused", "401,Refused", "403,Refused", "404,Refused", "410,Refused",
            "301,Refused"})
    void statusesAreClassified(int status, String outcome) {
        assertThat(SendResult.ofStatus(status, null, "", NOW).getClass().getSimpleName()).isEqualTo(outcome);
    }

    @Test
    void retryAfterIsReadAsSecondsOrAsAnHttpDate() {
        assertThat(Backoff.retryAfter("120", NOW)).isEqualTo(Duration.ofSeconds(120));
        assertThat(Backoff.retryAfter("Sun, 01 Mar 2026 12:01:30 GMT", NOW)).isEqualTo(Duration.ofSeconds(90));
        assertThat(Backoff.retryAfter("Sun, 01 Mar 2026 11:00:00 GMT", NOW)).isEqualTo(Duration.ZERO);
        assertThat(Backoff.retryAfter("soon", NOW)).isNull();
        assertThat(Backoff.retryAfter("-5", NOW)).isNull();
        assertThat(Backoff.retryAfter("99999999999999999999999", NOW)).isNull();
        assertThat(((SendResult.Retry) SendResult.ofStatus(429, "7", "slow down", NOW)).retryAfter()).hasSeconds(7);
    }

    @Test
    void backoffDoublesUpToTheMaxWithinItsJitterBand() {
        Backoff backoff = new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(60), new Random(1));
        for (int failures = 1; failures <= 40; failures++) {
            long ceiling = Math.min(60_000, 1000L << Math.min(failures - 1, 30));
            for (int draw = 0; draw < 20; draw++) {
                assertThat(backoff.after(failures).toMillis()).isBetween(ceiling / 2, ceiling);
            }
        }
    }
}
