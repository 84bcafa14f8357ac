package io.fabricpulse.server.series.prometheus;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStore;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Long chart ranges are consolidated by the engine (avg/max_over_time per step) instead of read raw:
 * both ways must give the same buckets, edges included, for points stamped like an agent's (whole
 * milliseconds off the second).
 */
final class EngineConsolidation {

    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");
    private static final RateSeries SYMBOL = RateSeries.named("SymbolErrorCounter");

    private EngineConsolidation() {
    }

    /** {@code raw} reads raw points for the query below, {@code consolidated} asks the engine; same data behind both. */
    static void sameBucketsEitherWay(SeriesStore raw, SeriesStore consolidated, Runnable afterWrite) {
        PortSeriesKey port = new PortSeriesKey("0x00000000000c0de1", 1);
        List<PortRateSample> samples = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            // Every 60 s, 137 ms after the minute; one exactly on a bucket's start (10:20:00.000).
            Instant at = i == 20 ? T0.plusSeconds(1200) : T0.plusSeconds(60L * i).plusMillis(137);
            samples.add(new PortRateSample(port, at, Map.of(SYMBOL, (double) (i % 7))));
        }
        raw.write(samples);
        afterWrite.run();
        for (Consolidation consolidation : Consolidation.values()) {
            RateQuery query = new RateQuery(port, SYMBOL, consolidation, T0, T0.plus(Duration.ofHours(2)),
                    Duration.ofMinutes(10));
            List<Double> fromRaw = raw.rates(query).stream().map(RatePoint::value).toList();
            List<Double> fromEngine = consolidated.rates(query).stream().map(RatePoint::value).toList();

            assertThat(fromRaw).hasSize(12).doesNotContainNull().noneMatch(v -> v.isNaN());
            assertThat(fromEngine).as(consolidation.name()).usingElementComparator((a, b) ->
                    Math.abs(a - b) < 1e-9 ? 0 : Double.compare(a, b)).containsExactlyElementsOf(fromRaw);
        }
    }
}
