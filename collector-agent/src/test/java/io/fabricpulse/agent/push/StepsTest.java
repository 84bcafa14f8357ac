package io.fabricpulse.agent.push;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class StepsTest {

    private static final Duration TEN_SECONDS = Duration.ofSeconds(10);

    @Test
    void nextStepIsTheNextMultipleOfTheIntervalPlusTheOffset() {
        Duration offset = Duration.ofMillis(2_500);
        assertThat(Steps.nextAfter(Instant.parse("2025-06-01T12:00:03.100Z"), TEN_SECONDS, offset))
                .isEqualTo(Instant.parse("2025-06-01T12:00:12.500Z"));
        assertThat(Steps.nextAfter(Instant.parse("2025-06-01T12:00:01Z"), TEN_SECONDS, offset))
                .isEqualTo(Instant.parse("2025-06-01T12:00:02.500Z"));
        assertThat(Steps.nextAfter(Instant.parse("2025-06-01T12:00:02.500Z"), TEN_SECONDS, offset))
                .as("strictly after").isEqualTo(Instant.parse("2025-06-01T12:00:12.500Z"));
    }

    @Test
    void offsetIsStablePerAgentAndWithinTheInterval() {
        assertThat(Steps.offset("gpu-node-017", TEN_SECONDS)).isEqualTo(Steps.offset("gpu-node-017", TEN_SECONDS));
        assertThat(Steps.offset("gpu-node-017", TEN_SECONDS)).isBetween(Duration.ZERO, TEN_SECONDS.minusMillis(1));
        assertThat(Steps.offset("x", Duration.ofSeconds(1))).isLessThan(Duration.ofSeconds(1));
    }

    @Test
    void aThousandSimilarlyNamedAgentsSpreadOverTheInterval() {
        long[] offsets = IntStream.rangeClosed(1, 1000)
                .mapToLong(i -> Steps.offset("node%04d".formatted(i), TEN_SECONDS).toMillis()).toArray();
        // 100 buckets of 100 ms: an even spread puts 10 in each; none is crowded, none empty
        int[] buckets = new int[100];
        Arrays.stream(offsets).forEach(ms -> buckets[(int) (ms / 100)]++);
        assertThat(Arrays.stream(buckets).max().orElseThrow()).isLessThanOrEqualTo(25);
        assertThat(Arrays.stream(buckets).min().orElseThrow()).isGreaterThanOrEqualTo(1);
        assertThat(Arrays.stream(offsets).distinct().count()).isGreaterThan(940);
    }
}
