package io.fabricpulse.agent.push;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");

    @Test
    void readsDelaySeconds() {
        assertThat(RetryAfter.parse("7", NOW)).contains(Duration.ofSeconds(7));
        assertThat(RetryAfter.parse(" 0 ", NOW)).contains(Duration.ZERO);
    }

    @Test
    void readsHttpDatesRelativeToNow() {
        assertThat(RetryAfter.parse("Sun, 01 Jun 2025 12:00:30 GMT", NOW)).contains(Duration.ofSeconds(30));
        assertThat(RetryAfter.parse("Sun, 01 Jun 2025 11:59:00 GMT", NOW)).as("in the past").contains(Duration.ZERO);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "soon", "-5", "1.5", "99999999999999", "Sunday"})
    void ignoresWhatItCannotRead(String header) {
        assertThat(RetryAfter.parse(header, NOW)).isEmpty();
    }

    @Test
    void absentIsEmpty() {
        assertThat(RetryAfter.parse(null, NOW)).isEmpty();
    }
}
