package io.fabricpulse.server.pipeline;

import io.fabricpulse.server.fabric.StoredBaselines;
import io.fabricpulse.server.series.ExpectedPort;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.state.resume.PortLastSample;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResumeThrottleTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final String GUID = "0x0002c90300a1b2c3";

    private final ResumeThrottle throttle = new ResumeThrottle(Duration.ofSeconds(30));

    @Test
    void aPortPolledEverySecondIsWrittenAtFirstSightAndThenOncePerInterval() {
        assertThat(flush(sample(0))).as("first sight").hasSize(1);
        for (int second = 1; second < 30; second++) {
            assertThat(flush(sample(second))).as("second " + second).isEmpty();
        }
        assertThat(flush(sample(30))).as("30 s after the stored one").hasSize(1);
        assertThat(flush(sample(31))).isEmpty();
    }

    @Test
    void samplesWithoutARateOrWithAChangedStateAreAlwaysWritten() {
        flush(sample(0));
        assertThat(flush(List.of(sample(1)), List.of(new ExpectedPort(new PortSeriesKey(GUID, 1), at(1)))))
                .as("a clear or reset: no rate").hasSize(1);
        assertThat(flush(new PortLastSample(GUID, 1, new StoredBaselines.Sample(Map.of("SymbolErrorCounter", 65535L),
                true, at(2), Map.of("SymbolErrorCounter", at(2))), "agent"))).as("a counter saturates").hasSize(1);
        assertThat(flush(new PortLastSample(GUID, 1, new StoredBaselines.Sample(Map.of("SymbolErrorCounter", 65535L),
                true, at(3), Map.of("SymbolErrorCounter", at(2))), "agent"))).as("still saturated").isEmpty();
        assertThat(flush(new PortLastSample(GUID, 1, new StoredBaselines.Sample(Map.of(), false, at(4), Map.of()),
                "agent"))).as("the saturation ends and the 32-bit counters are used").hasSize(1);
    }

    @Test
    void onlyCommittedWritesCount() {
        assertThat(throttle.due(List.of(sample(0)), List.of())).hasSize(1);
        // The state store failed: nothing was remembered, so the retry writes it again.
        assertThat(throttle.due(List.of(sample(0)), List.of())).hasSize(1);
    }

    @Test
    void aZeroIntervalWritesEverySampleAndANegativeOneIsRefused() {
        ResumeThrottle everySample = new ResumeThrottle(Duration.ZERO);
        for (int second = 0; second < 3; second++) {
            List<PortLastSample> due = everySample.due(List.of(sample(second)), List.of());
            everySample.stored(due);
            assertThat(due).hasSize(1);
        }
        assertThatThrownBy(() -> new ResumeThrottle(Duration.ofSeconds(-1))).hasMessageContaining("negative");
    }

    @Test
    void theDefaultFollowsTheStateDatabase() {
        PipelineProperties unset = new PipelineProperties(4, 100, Duration.ofSeconds(5), Duration.ofSeconds(30), null);
        assertThat(unset.resumeIntervalFor("H2")).isEqualTo(Duration.ofSeconds(30));
        assertThat(unset.resumeIntervalFor("PostgreSQL")).isZero();
        PipelineProperties set = new PipelineProperties(4, 100, Duration.ofSeconds(5), Duration.ofSeconds(30),
                Duration.ofSeconds(5));
        assertThat(set.resumeIntervalFor("PostgreSQL")).isEqualTo(Duration.ofSeconds(5));
        assertThatThrownBy(() -> new PipelineProperties(4, 100, Duration.ofSeconds(5), Duration.ofSeconds(30),
                Duration.ofSeconds(-5))).hasMessageContaining("fabricpulse.pipeline.resume-interval");
    }

    private List<PortLastSample> flush(PortLastSample sample) {
        return flush(List.of(sample), List.of());
    }

    private List<PortLastSample> flush(List<PortLastSample> newest, List<ExpectedPort> withoutRate) {
        List<PortLastSample> due = throttle.due(newest, withoutRate);
        throttle.stored(due);
        return due;
    }

    private static PortLastSample sample(int second) {
        return new PortLastSample(GUID, 1, new StoredBaselines.Sample(Map.of("SymbolErrorCounter", (long) second),
                true, at(second), Map.of()), "agent");
    }

    private static Instant at(int second) {
        return T0.plusSeconds(second);
    }
}
