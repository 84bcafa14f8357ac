package io.fabricpulse.server.pipeline;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.server.fabric.StoredBaselines;
import io.fabricpulse.server.pipeline.resume.PortLastSample;
import io.fabricpulse.server.ports.PortIndex;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ResumeThrottleTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final String GUID = "0x0002c90300a1b2c3";

    private final ResumeThrottle throttle = new ResumeThrottle(Duration.ofSeconds(30), new PortIndex());

    @Test
    void aPortPolledEverySecondIsWrittenAtFirstSightThenWithinTwoIntervalsAndThenOncePerInterval() {
        assertThat(flush(sample(0))).as("first sight").hasSize(1);
        int second = 1;
        while (flush(sample(second)).isEmpty()) {
            second++;
        }
        assertThat(second).as("the second write, an interval and a share of another after the first").isBetween(30, 60);
        for (int after = 1; after < 30; after++) {
            assertThat(flush(sample(second + after))).as(after + " s after the second write").isEmpty();
        }
        assertThat(flush(sample(second + 30))).as("30 s after the stored one").hasSize(1);
        assertThat(flush(sample(second + 31))).isEmpty();
    }

    @Test
    void portsFirstSeenTogetherComeDueSpreadOverTheInterval() {
        int ports = 2_000;
        List<PortLastSample> firstSight = new ArrayList<>();
        for (int port = 0; port < ports; port++) {
            firstSight.add(sample("0x0002c90300%06x".formatted(port / 2), port % 2 + 1, 0));
        }
        throttle.stored(firstSight);
        Map<Integer, Integer> dueBySecond = new TreeMap<>();
        for (PortLastSample first : firstSight) {
            for (int second = 1; second <= 60; second++) {
                if (due(throttle, sample(first.nodeGuid(), first.portNumber(), second), false)) {
                    dueBySecond.merge(second, 1, Integer::sum);
                    break;
                }
            }
        }
        assertThat(dueBySecond.values().stream().mapToInt(Integer::intValue).sum()).as("all due within two intervals")
                .isEqualTo(ports);
        assertThat(dueBySecond.keySet()).as("none sooner than one interval")
                .allSatisfy(second -> assertThat(second).isGreaterThanOrEqualTo(30));
        assertThat(dueBySecond.values()).as("at most a few hundredths of them in any one second (one flush)")
                .allSatisfy(count -> assertThat(count).isLessThan(ports * 8 / 100));
    }

    @Test
    void onAFabricOfMorePortsThanTheRewritesAnIntervalAllowsAPortWaitsAWholeMultipleOfTheInterval() {
        // 10 rewrites a second: 300 ports an interval of 30 s. With 601 ports tracked, every wait is three intervals.
        PortIndex index = new PortIndex();
        for (int port = 0; port < 600; port++) {
            index.of("0x0002c90301%06x".formatted(port), 1);
        }
        ResumeThrottle large = new ResumeThrottle(Duration.ofSeconds(30), index, 10);
        assertThat(flush(large, sample(0), false)).as("first sight").hasSize(1);
        int second = 1;
        while (flush(large, sample(second), false).isEmpty()) {
            second++;
        }
        assertThat(second).as("the second write, three intervals and three shares of another").isBetween(90, 180);
        assertThat(flush(large, sample(second + 89), false)).isEmpty();
        assertThat(flush(large, sample(second + 90), false)).hasSize(1);

        int written = second + 90;
        assertThat(flush(large, sample(written + 10), true)).as("a reset: written at once").hasSize(1);
        large.stored(List.of(sample(written + 5)));
        assertThat(flush(large, sample(written + 99), false)).as("an older sample stored late changes nothing").isEmpty();
        assertThat(flush(large, sample(written + 100), false)).hasSize(1);
    }

    @Test
    void aWriteKeepsItsOwnWaitWhenTheFabricGrowsAfterIt() {
        // 10 rewrites a second, 300 ports an interval: one port waits one interval; then 600 more ports are seen.
        PortIndex index = new PortIndex();
        ResumeThrottle growing = new ResumeThrottle(Duration.ofSeconds(30), index, 10);
        flush(growing, sample(0), false);
        int second = 1;
        while (flush(growing, sample(second), false).isEmpty()) {
            second++;
        }
        for (int port = 0; port < 600; port++) {
            index.of("0x0002c90301%06x".formatted(port), 1);
        }

        growing.stored(List.of(sample(second - 10)));
        assertThat(flush(growing, sample(second + 29), false)).as("an older sample stored late changes nothing").isEmpty();
        assertThat(flush(growing, sample(second + 30), false)).as("the one interval the write waited").hasSize(1);
        assertThat(flush(growing, sample(second + 119), false)).isEmpty();
        assertThat(flush(growing, sample(second + 120), false)).as("three intervals after it, for 601 ports").hasSize(1);
    }

    @Test
    void samplesWithoutARateOrWithAChangedStateAreAlwaysWritten() {
        flush(sample(0));
        assertThat(flush(sample(1), true)).as("a clear or reset: no rate").hasSize(1);
        assertThat(flush(new PortLastSample(GUID, 1, new StoredBaselines.Sample(Map.of("SymbolErrorCounter", 65535L),
                CounterWidth.EXTENDED_DATA, at(2), Map.of("SymbolErrorCounter", at(2))), "agent"))).as("a counter saturates").hasSize(1);
        assertThat(flush(new PortLastSample(GUID, 1, new StoredBaselines.Sample(Map.of("SymbolErrorCounter", 65535L),
                CounterWidth.EXTENDED_DATA, at(3), Map.of("SymbolErrorCounter", at(2))), "agent"))).as("still saturated").isEmpty();
        assertThat(flush(new PortLastSample(GUID, 1, new StoredBaselines.Sample(Map.of(), CounterWidth.BASIC, at(4),
                Map.of()), "agent"))).as("the saturation ends and the 32-bit counters are used").hasSize(1);
        assertThat(flush(new PortLastSample(GUID, 1, new StoredBaselines.Sample(Map.of(), CounterWidth.EXTENDED_ALL,
                at(5), Map.of()), "agent"))).as("the error counters become 64-bit").hasSize(1);
    }

    @Test
    void onlyCommittedWritesCount() {
        assertThat(due(throttle, sample(0), false)).isTrue();
        // The state store failed: nothing was remembered, so the retry writes it again.
        assertThat(due(throttle, sample(0), false)).isTrue();
    }

    @Test
    void aZeroIntervalWritesEverySampleAndANegativeOneIsRefused() {
        ResumeThrottle everySample = new ResumeThrottle(Duration.ZERO, new PortIndex());
        for (int second = 0; second < 3; second++) {
            assertThat(due(everySample, sample(second), false)).isTrue();
            everySample.stored(List.of(sample(second)));
        }
        assertThatThrownBy(() -> new ResumeThrottle(Duration.ofSeconds(-1), new PortIndex())).hasMessageContaining("negative");
    }

    @Test
    void theDefaultFollowsTheStateDatabase() {
        PipelineProperties unset = new PipelineProperties(4, 100, Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(30), null);
        assertThat(unset.resumeIntervalFor("H2")).isEqualTo(Duration.ofSeconds(30));
        assertThat(unset.resumeIntervalFor("PostgreSQL")).isZero();
        PipelineProperties set = new PipelineProperties(4, 100, Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(30),
                Duration.ofSeconds(5));
        assertThat(set.resumeIntervalFor("PostgreSQL")).isEqualTo(Duration.ofSeconds(5));
        assertThatThrownBy(() -> new PipelineProperties(4, 100, Duration.ofSeconds(1), Duration.ofSeconds(5), Duration.ofSeconds(30),
                Duration.ofSeconds(-5))).hasMessageContaining("fabricpulse.pipeline.resume-interval");
    }

    private List<PortLastSample> flush(PortLastSample sample) {
        return flush(sample, false);
    }

    private List<PortLastSample> flush(PortLastSample sample, boolean withoutRate) {
        return flush(throttle, sample, withoutRate);
    }

    /** One flush with one port's newest sample: what it writes, remembered as committed. */
    private static List<PortLastSample> flush(ResumeThrottle throttle, PortLastSample sample, boolean withoutRate) {
        List<PortLastSample> written = due(throttle, sample, withoutRate) ? List.of(sample) : List.of();
        throttle.stored(written);
        return written;
    }

    private static boolean due(ResumeThrottle throttle, PortLastSample sample, boolean withoutRate) {
        return throttle.isDue(sample.port(), sample.sample().at(), sample.sample().width(),
                sample.sample().saturatedSince().keySet(), withoutRate);
    }

    private static PortLastSample sample(int second) {
        return sample(GUID, 1, second);
    }

    private static PortLastSample sample(String guid, int port, int second) {
        return new PortLastSample(guid, port, new StoredBaselines.Sample(Map.of("SymbolErrorCounter", (long) second),
                CounterWidth.EXTENDED_DATA, at(second), Map.of()), "agent");
    }

    private static Instant at(int second) {
        return T0.plusSeconds(second);
    }
}
