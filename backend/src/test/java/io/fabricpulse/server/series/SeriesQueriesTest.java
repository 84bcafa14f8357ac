package io.fabricpulse.server.series;

import io.fabricpulse.model.ingest.PortCounter;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The SPI's records refuse what no store should be asked, with messages that say what and where. */
class SeriesQueriesTest {

    private static final PortSeriesKey PORT = new PortSeriesKey("0x0002c90300317810", 1);
    private static final RateSeries SERIES = RateSeries.named("SymbolErrorCounter");
    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");

    @Test
    void everyCounterIsASeriesAndBytesPerSecondToo() {
        for (PortCounter counter : PortCounter.values()) {
            assertThat(RateSeries.of(counter).name()).isEqualTo(counter.ibaName());
            assertThat(RateSeries.named(counter.ibaName())).isSameAs(RateSeries.of(counter));
        }
        assertThat(RateSeries.all()).hasSize(PortCounter.values().length + 2)
                .contains(RateSeries.XMIT_BYTES_PER_SECOND, RateSeries.RCV_BYTES_PER_SECOND);
        for (int i = 0; i < RateSeries.all().size(); i++) {
            assertThat(RateSeries.all().get(i).index()).isEqualTo(i);
        }
    }

    @Test
    void anUnknownSeriesNamesTheKnownOnes() {
        assertThatThrownBy(() -> RateSeries.named("SymbolErrors\u0000")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown series 'SymbolErrors\\u0000'; known: SymbolErrorCounter, ")
                .hasMessageEndingWith("XmitBytesPerSecond, RcvBytesPerSecond");
    }

    @Test
    void ratesAreNumbersFromZeroToTheCeiling() {
        for (double bad : new double[]{Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1e-300, -1,
                PortRateSample.MAX_RATE * 1.0000001}) {
            assertThatThrownBy(() -> new PortRateSample(PORT, T0, Map.of(SERIES, bad)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("rate SymbolErrorCounter of 0x0002c90300317810[1] at 2026-03-02T10:00:00Z must be a "
                            + "number from 0 to 1.0E30, got " + bad);
        }
        Map<RateSeries, Double> withNull = new HashMap<>();
        withNull.put(SERIES, null);
        assertThatThrownBy(() -> new PortRateSample(PORT, T0, withNull)).hasMessageEndingWith("got null");
    }

    @Test
    void aSampleOwnsItsRates() {
        Map<RateSeries, Double> rates = new HashMap<>(Map.of(SERIES, 1.0));
        PortRateSample sample = new PortRateSample(PORT, T0, rates);
        rates.put(SERIES, 2.0);

        assertThat(sample.rates()).containsEntry(SERIES, 1.0);
        assertThatThrownBy(() -> sample.rates().put(SERIES, 3.0)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aSampleFromNamesRefusesUnknownNames() {
        assertThat(PortRateSample.ofNames(PORT, T0, Map.of("PortXmitData", 5.0, "XmitBytesPerSecond", 20.0)).rates())
                .containsEntry(RateSeries.of(PortCounter.PortXmitData), 5.0)
                .containsEntry(RateSeries.XMIT_BYTES_PER_SECOND, 20.0);
        assertThatThrownBy(() -> PortRateSample.ofNames(PORT, T0, Map.of("PortXmitBytes", 5.0)))
                .hasMessageStartingWith("unknown series 'PortXmitBytes'");
    }

    @Test
    void aQueryMustSitOnItsStepGrid() {
        assertThatThrownBy(() -> query(T0.plusSeconds(5), T0.plusSeconds(60), Duration.ofSeconds(10)))
                .hasMessage("from (2026-03-02T10:00:05Z) and to (2026-03-02T10:01:00Z) must be multiples of the step "
                        + "(PT10S) since the epoch; RateQuery.covering widens a range to that grid");
        assertThatThrownBy(() -> query(T0, T0, Duration.ofSeconds(10)))
                .hasMessage("from (2026-03-02T10:00:00Z) must be before to (2026-03-02T10:00:00Z)");
        assertThatThrownBy(() -> query(T0, T0.plusMillis(1500), Duration.ofSeconds(10)))
                .hasMessageContaining("must be whole seconds");
        assertThatThrownBy(() -> query(T0, T0.plusSeconds(60), Duration.ofMillis(1500)))
                .hasMessage("step must be a whole number of seconds, at least 1 s, got PT1.5S");
        assertThatThrownBy(() -> query(T0, T0.plusSeconds(60), Duration.ZERO)).hasMessageContaining("at least 1 s");
        assertThatThrownBy(() -> query(T0, T0.plusSeconds(60), Duration.ofSeconds(-10))).hasMessageContaining("at least 1 s");
    }

    @Test
    void aQueryForMoreBucketsThanAChartCanDrawIsRefused() {
        assertThat(query(T0, T0.plusSeconds(RateQuery.MAX_BUCKETS), Duration.ofSeconds(1)).buckets())
                .isEqualTo(RateQuery.MAX_BUCKETS);
        assertThatThrownBy(() -> query(Instant.EPOCH, T0, Duration.ofSeconds(1)))
                .hasMessageEndingWith("buckets; at most 20000 are answered: use a larger step");
    }

    @Test
    void coveringWidensARangeToTheGrid() {
        RateQuery query = RateQuery.covering(PORT, SERIES, Consolidation.MAX, T0.plusSeconds(65).plusMillis(300),
                T0.plusSeconds(130).plusNanos(1), Duration.ofMinutes(1));

        assertThat(query.from()).isEqualTo(T0.plusSeconds(60));
        assertThat(query.to()).isEqualTo(T0.plusSeconds(180));
        assertThat(RateQuery.covering(PORT, SERIES, Consolidation.MAX, T0, T0, Duration.ofMinutes(1)).buckets())
                .isEqualTo(1);
        assertThat(RateQuery.covering(PORT, SERIES, Consolidation.MAX, Instant.parse("1969-12-31T23:59:30Z"),
                Instant.EPOCH, Duration.ofMinutes(1)).from()).isEqualTo(Instant.parse("1969-12-31T23:59:00Z"));
    }

    @Test
    void worstAsksForOneToAThousandPortsInAWindow() {
        assertThatThrownBy(() -> new WorstQuery(SERIES, Consolidation.AVERAGE, T0, T0.plusSeconds(60), 0))
                .hasMessage("limit must be 1..1000, got 0");
        assertThatThrownBy(() -> new WorstQuery(SERIES, Consolidation.AVERAGE, T0, T0.plusSeconds(60), 1001))
                .hasMessage("limit must be 1..1000, got 1001");
        assertThatThrownBy(() -> new WorstQuery(SERIES, Consolidation.AVERAGE, T0.plusSeconds(60), T0, 5))
                .hasMessageContaining("must be before");
        assertThat(new WorstQuery(SERIES, Consolidation.AVERAGE, T0, T0.plusSeconds(7), 1000).limit()).isEqualTo(1000);
    }

    @Test
    void aGridFillsBucketsFromLongerRowsAndConsolidatesShorterOnes() {
        BucketGrid minutes = new BucketGrid(query(T0, T0.plusSeconds(180), Duration.ofMinutes(1)));
        minutes.add(T0.getEpochSecond() - 10, 10, 99);         // before the range: ignored
        minutes.add(T0.getEpochSecond(), 10, 1);
        minutes.add(T0.getEpochSecond() + 10, 10, 3);
        minutes.add(T0.getEpochSecond() + 20, 10, Double.NaN); // a gap adds nothing
        minutes.add(T0.getEpochSecond() + 120, 3600, 7);       // an hourly row covers the last bucket
        minutes.add(T0.getEpochSecond() + 180, 10, 99);        // after the range: ignored

        assertThat(minutes.points()).extracting(RatePoint::value).containsExactly(2.0, Double.NaN, 7.0);
        assertThat(minutes.points()).extracting(RatePoint::at)
                .containsExactly(T0, T0.plusSeconds(60), T0.plusSeconds(120));

        BucketGrid tens = new BucketGrid(query(T0, T0.plusSeconds(30), Duration.ofSeconds(10)));
        tens.add(T0.getEpochSecond() - 30, 60, 4);              // a minute row that began before the range
        assertThat(tens.points()).extracting(RatePoint::value).containsExactly(4.0, 4.0, 4.0);
    }

    private static RateQuery query(Instant from, Instant to, Duration step) {
        return new RateQuery(PORT, SERIES, Consolidation.AVERAGE, from, to, step);
    }
}
