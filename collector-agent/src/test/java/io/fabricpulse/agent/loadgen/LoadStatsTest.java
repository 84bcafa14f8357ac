package io.fabricpulse.agent.loadgen;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class LoadStatsTest {

    private static long millis(long ms) {
        return Duration.ofMillis(ms).toNanos();
    }

    @Test
    void windowsSplitWhatTheTotalAddsUp() {
        LoadStats stats = new LoadStats();
        for (int i = 1; i <= 100; i++) {
            stats.delivered(202, 10, millis(i));
        }
        stats.failed(503, millis(2));
        stats.failed(0, millis(30_000));
        LoadStats.Window first = stats.window();
        assertThat(first.samples()).isEqualTo(1000);
        assertThat(first.ok()).isEqualTo(100);
        assertThat(first.failed()).isEqualTo(2);
        assertThat(first.percentileMillis(50)).isCloseTo(50, org.assertj.core.data.Offset.offset(0.1));
        assertThat(first.percentileMillis(99)).isCloseTo(99, org.assertj.core.data.Offset.offset(0.1));

        stats.delivered(200, 5, millis(400));
        LoadStats.Window second = stats.window();
        assertThat(second.samples()).isEqualTo(5);
        assertThat(second.ok()).isEqualTo(1);
        assertThat(second.failed()).isZero();
        assertThat(second.percentileMillis(50)).isCloseTo(400, org.assertj.core.data.Offset.offset(0.5));

        LoadStats.Window total = stats.total();
        assertThat(total.samples()).isEqualTo(1005);
        assertThat(total.ok()).isEqualTo(101);
        assertThat(total.failed()).isEqualTo(2);
        assertThat(total.latencyMicros().getTotalCount()).isEqualTo(101);
        assertThat(total.maxMillis()).isCloseTo(400, org.assertj.core.data.Offset.offset(0.5));
        assertThat(stats.outcomes()).containsExactly(Map.entry("200", 1L), Map.entry("202", 100L),
                Map.entry("503", 1L), Map.entry("no answer", 1L));
    }

    @Test
    void everyAnsweredPushCountsHowLongItsAnswerTookRefusedOrNotButOneWithoutAnAnswerDoesNot() {
        LoadStats stats = new LoadStats();
        stats.delivered(202, 10, millis(40));
        stats.failed(503, millis(3)); // the server refused at the door
        stats.failed(0, millis(30_000)); // no answer: the client gave up, which is not an answer time
        stats.steadyFromNow();
        stats.failed(503, millis(5));
        stats.delivered(202, 10, millis(90));

        Histogram all = stats.answers();
        assertThat(all.getTotalCount()).isEqualTo(4);
        assertThat(all.getMaxValue() / 1000.0).isCloseTo(90, org.assertj.core.data.Offset.offset(0.1));
        Histogram steady = stats.steadyAnswers();
        assertThat(steady.getTotalCount()).isEqualTo(2);
        assertThat(steady.getMinValue() / 1000.0).isCloseTo(5, org.assertj.core.data.Offset.offset(0.01));
        assertThat(stats.steadyLatency().getTotalCount()).isEqualTo(1);
    }

    @Test
    void theSteadyStateCountsOnlyThePushesAcknowledgedOnceItBegan() {
        LoadStats stats = new LoadStats();
        stats.delivered(202, 10, millis(9_000)); // the server's warm-up
        assertThat(stats.steadyLatency().getTotalCount()).isZero();
        stats.steadyFromNow();
        stats.delivered(202, 10, millis(20));
        stats.delivered(202, 10, millis(30));

        assertThat(stats.steadyLatency().getMaxValue() / 1000.0).isCloseTo(30, org.assertj.core.data.Offset.offset(0.1));
        assertThat(stats.total().maxMillis()).isCloseTo(9_000, org.assertj.core.data.Offset.offset(10.0));
    }

    @Test
    void anEmptyWindowHasNoPercentiles() {
        LoadStats.Window window = new LoadStats().window();
        assertThat(window.percentileMillis(50)).isNaN();
        assertThat(LoadReport.oneDecimal(window.percentileMillis(99))).isEqualTo("-");
    }

    @Test
    void durationsAreWrittenAsTheOptionsTakeThem() {
        assertThat(LoadReport.human(Duration.ofSeconds(10))).isEqualTo("10s");
        assertThat(LoadReport.human(Duration.ofSeconds(90))).isEqualTo("1m30s");
        assertThat(LoadReport.human(Duration.ofHours(24))).isEqualTo("24h");
        assertThat(LoadReport.human(Duration.ofMillis(1500))).isEqualTo("1500ms");
    }
}
