package io.fabricpulse.agent.push;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetryPolicyTest {

    private final RetryPolicy policy = new RetryPolicy(Duration.ofSeconds(1), Duration.ofSeconds(60),
            Duration.ofMinutes(10), Duration.ofMinutes(15), Duration.ofSeconds(5));
    private final SplittableRandom random = new SplittableRandom(7);

    @Test
    void backoffDoublesWithEqualJitterUpToTheMaximum() {
        long[] ceilings = {1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000};
        for (int attempt = 1; attempt <= ceilings.length; attempt++) {
            for (int i = 0; i < 200; i++) {
                long ms = policy.delay(attempt, null, random).toMillis();
                assertThat(ms).as("attempt %d", attempt).isBetween(ceilings[attempt - 1] / 2, ceilings[attempt - 1]);
            }
        }
        assertThat(policy.delay(10_000, null, random).toMillis()).as("no overflow after many attempts")
                .isBetween(30_000L, 60_000L);
    }

    @Test
    void behindASpoolBatchesDoNotExpire() {
        RetryPolicy spooled = policy.withoutAgeLimit();
        assertThat(spooled.maxBatchAge()).isGreaterThan(Duration.ofDays(365L * 1000));
        assertThat(spooled.withoutAgeLimit()).isEqualTo(spooled);
        assertThat(spooled).usingRecursiveComparison().ignoringFields("maxBatchAge").isEqualTo(policy);
    }

    @Test
    void jitterSpreadsAgentsThatFailedTogether() {
        long distinct = IntStream.range(0, 100)
                .mapToLong(i -> policy.delay(5, null, random).toMillis()).distinct().count();
        assertThat(distinct).isGreaterThan(90);
    }

    @Test
    void retryAfterIsAFloorWithATenthOfSpread() {
        for (int i = 0; i < 200; i++) {
            long ms = policy.delay(1, Duration.ofSeconds(7), random).toMillis();
            assertThat(ms).isBetween(7_000L, 7_700L);
        }
        assertThat(policy.delay(8, Duration.ofSeconds(2), random).toMillis())
                .as("a short Retry-After does not shorten the backoff").isGreaterThanOrEqualTo(30_000L);
        assertThat(policy.delay(1, Duration.ofDays(365), random).toMillis())
                .as("capped").isBetween(600_000L, 660_000L);
        assertThat(policy.delay(1, Duration.ZERO, random).toMillis())
                .as("Retry-After: 0 still backs off").isBetween(500L, 1_000L);
    }

    @Test
    void refusesNonsense() {
        assertThatThrownBy(() -> new RetryPolicy(Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(1),
                Duration.ofSeconds(1), Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetryPolicy(Duration.ofSeconds(2), Duration.ofSeconds(1), Duration.ofSeconds(1),
                Duration.ofSeconds(1), Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
    }
}
