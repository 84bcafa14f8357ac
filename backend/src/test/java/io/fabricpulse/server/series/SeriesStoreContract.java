package io.fabricpulse.server.series;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * What every {@link SeriesStore} must do, whatever keeps the data. An adapter's test extends this
 * class and says how to make a fresh, empty store; the groups below come with it.
 *
 * <p>Samples are 10 s apart and stamped on whole 10 s, as agents polling at the default interval
 * produce them, so every store answers exactly; what a store does with other timings is its own
 * test's business.
 *
 * <p>Build tools report the groups by their own class name ({@code SeriesStoreContract$Buckets})
 * whichever store ran them, so a failure carries the adapter test's name as a suppressed note.
 */
@ExtendWith(SeriesStoreContract.NameTheStore.class)
public abstract class SeriesStoreContract {

    /** A whole hour, so buckets of 10 s, 1 min and 1 h all start here. */
    protected static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");
    protected static final Duration TEN_SECONDS = Duration.ofSeconds(10);
    protected static final Duration MINUTE = Duration.ofMinutes(1);
    protected static final RateSeries SYMBOL_ERRORS = RateSeries.named("SymbolErrorCounter");
    protected static final RateSeries XMIT_DISCARDS = RateSeries.named("PortXmitDiscards");

    protected SeriesStore store;

    /** A new, empty store, used by one test and closed after it. */
    protected abstract SeriesStore newStore() throws Exception;

    @BeforeEach
    void openStore() throws Exception {
        store = newStore();
    }

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    protected static PortSeriesKey port(int node, int portNumber) {
        return new PortSeriesKey("0x%016x".formatted(0xf452_1403_0000_0000L + node), portNumber);
    }

    protected static Instant at(long secondsAfterT0) {
        return T0.plusSeconds(secondsAfterT0);
    }

    protected static PortRateSample sample(PortSeriesKey port, long secondsAfterT0, RateSeries series, double value) {
        return new PortRateSample(port, at(secondsAfterT0), Map.of(series, value));
    }

    /** One sample every 10 s from {@code startSecond}, with the given values in turn. */
    protected static List<PortRateSample> every10s(PortSeriesKey port, long startSecond, RateSeries series,
                                              double... values) {
        List<PortRateSample> samples = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            samples.add(sample(port, startSecond + 10L * i, series, values[i]));
        }
        return samples;
    }

    protected List<Double> read(PortSeriesKey port, RateSeries series, Consolidation consolidation,
                                long fromSecond, long toSecond, Duration step) {
        List<RatePoint> points = store.rates(new RateQuery(port, series, consolidation, at(fromSecond), at(toSecond),
                step));
        long expectedBuckets = (toSecond - fromSecond) / step.getSeconds();
        assertThat(points).hasSize((int) expectedBuckets);
        for (int i = 0; i < points.size(); i++) {
            assertThat(points.get(i).at()).isEqualTo(at(fromSecond + i * step.getSeconds()));
        }
        return points.stream().map(RatePoint::value).toList();
    }

    protected static List<Double> gaps(int count) {
        return java.util.Collections.nCopies(count, Double.NaN);
    }

    /** Adds "store under test: <adapter test class>" to every failure of the contract. */
    static final class NameTheStore implements TestExecutionExceptionHandler {

        @Override
        public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
            String adapter = context.getRequiredTestInstances().getAllInstances().getFirst().getClass().getSimpleName();
            failure.addSuppressed(new StoreUnderTest(adapter));
            throw failure;
        }
    }

    private static final class StoreUnderTest extends Exception {
        StoreUnderTest(String adapter) {
            super("store under test: " + adapter, null, false, false);
        }
    }

    @Nested
    class RoundTrip {

        @Test
        void ratesComeBackInTheBucketsTheyWereWrittenTo() {
            store.write(every10s(port(1, 1), 0, SYMBOL_ERRORS, 1, 2, 3, 4, 5, 6));

            assertThat(read(port(1, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 60, TEN_SECONDS))
                    .containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
        }

        @Test
        void everySeriesOfASampleIsKept() {
            Map<RateSeries, Double> rates = new HashMap<>();
            for (RateSeries series : RateSeries.all()) {
                rates.put(series, 1000.0 + series.index());
            }
            store.write(List.of(new PortRateSample(port(2, 1), at(0), rates)));

            for (RateSeries series : RateSeries.all()) {
                assertThat(read(port(2, 1), series, Consolidation.AVERAGE, 0, 10, TEN_SECONDS))
                        .as(series.name()).containsExactly(1000.0 + series.index());
            }
        }

        @Test
        void portsAndSeriesDoNotMix() {
            store.write(List.of(
                    new PortRateSample(port(3, 1), at(0), Map.of(SYMBOL_ERRORS, 1.0, XMIT_DISCARDS, 2.0)),
                    new PortRateSample(port(3, 2), at(0), Map.of(SYMBOL_ERRORS, 3.0)),
                    new PortRateSample(port(4, 1), at(0), Map.of(SYMBOL_ERRORS, 4.0))));

            assertThat(read(port(3, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 10, TEN_SECONDS)).containsExactly(1.0);
            assertThat(read(port(3, 1), XMIT_DISCARDS, Consolidation.AVERAGE, 0, 10, TEN_SECONDS)).containsExactly(2.0);
            assertThat(read(port(3, 2), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 10, TEN_SECONDS)).containsExactly(3.0);
            assertThat(read(port(3, 2), XMIT_DISCARDS, Consolidation.AVERAGE, 0, 10, TEN_SECONDS)).containsExactly(Double.NaN);
            assertThat(read(port(4, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 10, TEN_SECONDS)).containsExactly(4.0);
        }

        @Test
        void aPortNeverWrittenIsAllGaps() {
            store.write(every10s(port(5, 1), 0, SYMBOL_ERRORS, 1, 2));

            assertThat(read(port(5, 2), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 60, TEN_SECONDS)).isEqualTo(gaps(6));
            assertThat(read(port(6, 1), SYMBOL_ERRORS, Consolidation.MAX, 0, 60, TEN_SECONDS)).isEqualTo(gaps(6));
        }

        @Test
        void aBatchWithoutRatesStoresNothing() {
            store.write(List.of(new PortRateSample(port(7, 1), at(0), Map.of())));
            store.write(List.of());

            assertThat(read(port(7, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 10, TEN_SECONDS)).isEqualTo(gaps(1));
        }
    }

    @Nested
    class Buckets {

        @Test
        void aBucketAveragesTheRatesInside() {
            store.write(every10s(port(1, 1), 0, SYMBOL_ERRORS, 1, 2, 3, 4, 5, 6, 10, 10, 10, 10, 10, 40));

            assertThat(read(port(1, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 120, MINUTE))
                    .containsExactly(3.5, 15.0);
        }

        @Test
        void maxTakesTheHighestRateInside() {
            store.write(every10s(port(1, 1), 0, SYMBOL_ERRORS, 1, 9, 3, 4, 5, 6, 0, 0, 7, 0, 0, 0));

            assertThat(read(port(1, 1), SYMBOL_ERRORS, Consolidation.MAX, 0, 120, MINUTE))
                    .containsExactly(9.0, 7.0);
        }

        @Test
        void aRateBelongsToTheBucketThatContainsItsTime() {
            // 50 s is the last step of the first minute, 60 s the first step of the second.
            store.write(List.of(sample(port(1, 1), 50, SYMBOL_ERRORS, 5), sample(port(1, 1), 60, SYMBOL_ERRORS, 6)));

            assertThat(read(port(1, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 120, MINUTE))
                    .containsExactly(5.0, 6.0);
            assertThat(read(port(1, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 40, 80, TEN_SECONDS))
                    .containsExactly(Double.NaN, 5.0, 6.0, Double.NaN);
        }

        @Test
        void aQueryAnswersOnlyItsOwnRange() {
            store.write(every10s(port(1, 1), 0, SYMBOL_ERRORS, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));

            assertThat(read(port(1, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 30, 70, TEN_SECONDS))
                    .containsExactly(4.0, 5.0, 6.0, 7.0);
            assertThat(read(port(1, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 60, 120, MINUTE))
                    .containsExactly(9.5);
        }
    }

    @Nested
    class Gaps {

        @Test
        void aSilentPortLeavesGaps() {
            PortSeriesKey port = port(1, 1);
            store.write(every10s(port, 0, SYMBOL_ERRORS, 1, 1, 1, 1, 1, 1));
            store.write(every10s(port, 600, SYMBOL_ERRORS, 2, 2, 2, 2, 2, 2));

            List<Double> minutes = read(port, SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 720, MINUTE);

            assertThat(minutes.getFirst()).isEqualTo(1.0);
            assertThat(minutes.subList(1, 10)).isEqualTo(gaps(9));
            assertThat(minutes.get(10)).isEqualTo(2.0);
            assertThat(minutes.get(11)).isNaN();
        }

        @Test
        void beforeTheFirstAndAfterTheLastSampleAreGaps() {
            store.write(every10s(port(1, 1), 120, SYMBOL_ERRORS, 3, 3));

            assertThat(read(port(1, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 60, 200, TEN_SECONDS))
                    .containsExactly(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                            3.0, 3.0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
    }

    @Nested
    class Worst {

        private void writeSteady(PortSeriesKey port, RateSeries series, double... values) {
            store.write(every10s(port, 0, series, values));
        }

        @Test
        void portsAreRankedByTheirAverageHighestFirst() {
            writeSteady(port(1, 1), SYMBOL_ERRORS, 1, 1, 1, 1, 1, 1);
            writeSteady(port(1, 2), SYMBOL_ERRORS, 5, 5, 5, 5, 5, 5);
            writeSteady(port(2, 1), SYMBOL_ERRORS, 0, 0, 0, 0, 0, 0);
            writeSteady(port(3, 7), SYMBOL_ERRORS, 2, 4, 2, 4, 2, 4);
            writeSteady(port(4, 1), XMIT_DISCARDS, 99, 99, 99, 99, 99, 99);

            List<PortRate> worst = store.worst(new WorstQuery(SYMBOL_ERRORS, Consolidation.AVERAGE, at(0), at(60), 3));

            assertThat(worst).containsExactly(new PortRate(port(1, 2), 5.0), new PortRate(port(3, 7), 3.0),
                    new PortRate(port(1, 1), 1.0));
        }

        @Test
        void maxRanksTheBurstAboveTheSteadyPort() {
            writeSteady(port(1, 1), SYMBOL_ERRORS, 5, 5, 5, 5, 5, 5);
            writeSteady(port(2, 1), SYMBOL_ERRORS, 0, 0, 24, 0, 0, 0);

            assertThat(store.worst(new WorstQuery(SYMBOL_ERRORS, Consolidation.MAX, at(0), at(60), 10)))
                    .containsExactly(new PortRate(port(2, 1), 24.0), new PortRate(port(1, 1), 5.0));
            assertThat(store.worst(new WorstQuery(SYMBOL_ERRORS, Consolidation.AVERAGE, at(0), at(60), 10)))
                    .containsExactly(new PortRate(port(1, 1), 5.0), new PortRate(port(2, 1), 4.0));
        }

        @Test
        void equalRatesAreOrderedByPort() {
            writeSteady(port(9, 2), SYMBOL_ERRORS, 7);
            writeSteady(port(9, 1), SYMBOL_ERRORS, 7);
            writeSteady(port(2, 5), SYMBOL_ERRORS, 7);

            assertThat(store.worst(new WorstQuery(SYMBOL_ERRORS, Consolidation.AVERAGE, at(0), at(10), 10)))
                    .extracting(PortRate::port).containsExactly(port(2, 5), port(9, 1), port(9, 2));
        }

        @Test
        void onlyRatesInsideTheWindowCount() {
            writeSteady(port(1, 1), SYMBOL_ERRORS, 100, 100, 100, 1, 1, 1);
            store.write(every10s(port(2, 1), 120, SYMBOL_ERRORS, 50, 50));

            assertThat(store.worst(new WorstQuery(SYMBOL_ERRORS, Consolidation.AVERAGE, at(30), at(60), 10)))
                    .containsExactly(new PortRate(port(1, 1), 1.0));
            assertThat(store.worst(new WorstQuery(SYMBOL_ERRORS, Consolidation.AVERAGE, at(300), at(600), 10)))
                    .isEmpty();
        }
    }

    @Nested
    class Rewrites {

        @Test
        void writingTheSameSamplesAgainChangesNothing() {
            List<PortRateSample> batch = every10s(port(1, 1), 0, SYMBOL_ERRORS, 1, 2, 3);
            store.write(batch);
            store.write(batch);
            store.write(List.of(batch.get(1), batch.get(1)));

            assertThat(read(port(1, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 40, TEN_SECONDS))
                    .containsExactly(1.0, 2.0, 3.0, Double.NaN);
            assertThat(store.worst(new WorstQuery(SYMBOL_ERRORS, Consolidation.AVERAGE, at(0), at(30), 5)))
                    .containsExactly(new PortRate(port(1, 1), 2.0));
        }

        @Test
        void writingResumesAfterAReplay() {
            List<PortRateSample> first = every10s(port(1, 1), 0, SYMBOL_ERRORS, 1, 2, 3);
            store.write(first);
            List<PortRateSample> replayAndMore = new ArrayList<>(first);
            replayAndMore.addAll(every10s(port(1, 1), 30, SYMBOL_ERRORS, 4, 5));
            store.write(replayAndMore);

            assertThat(read(port(1, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 50, TEN_SECONDS))
                    .containsExactly(1.0, 2.0, 3.0, 4.0, 5.0);
        }
    }

    @Nested
    class Values {

        @ParameterizedTest
        @ValueSource(doubles = {0.0, Double.MIN_VALUE, 1e-300, 1e-12, 0.1, 123.456, 2.5e10, 1.8446744073709552e19,
                PortRateSample.MAX_RATE})
        void aRateComesBackAsWritten(double value) {
            store.write(List.of(sample(port(1, 1), 0, SYMBOL_ERRORS, value)));

            double stored = read(port(1, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 10, TEN_SECONDS).getFirst();

            // Exact for the stores that keep what they are given; rrd4j's GAUGE arithmetic
            // (value x seconds / seconds) may move the last binary digit.
            assertThat(stored).isCloseTo(value, within(Math.ulp(value) * 4));
        }

        @Test
        void zeroIsARateNotAGap() {
            store.write(every10s(port(1, 1), 0, SYMBOL_ERRORS, 0, 0));

            assertThat(read(port(1, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 20, TEN_SECONDS))
                    .containsExactly(0.0, 0.0);
            assertThat(read(port(1, 1), SYMBOL_ERRORS, Consolidation.MAX, 0, 60, MINUTE)).containsExactly(0.0);
        }
    }

    @Nested
    class Concurrency {

        @Test
        void concurrentWritersAndReadersLoseNothing() throws Exception {
            int writers = 4;
            int portsPerWriter = 6;
            int samples = 30;
            try (ExecutorService pool = Executors.newFixedThreadPool(writers + 1)) {
                List<Future<?>> tasks = new ArrayList<>();
                for (int w = 0; w < writers; w++) {
                    int writer = w;
                    tasks.add(pool.submit(() -> {
                        for (int s = 0; s < samples; s++) {
                            List<PortRateSample> batch = new ArrayList<>();
                            for (int p = 0; p < portsPerWriter; p++) {
                                batch.add(sample(port(writer, p + 1), 10L * s, SYMBOL_ERRORS, writer * 1000 + p * 100 + s));
                            }
                            store.write(batch);
                        }
                    }));
                }
                tasks.add(pool.submit(() -> {
                    for (int i = 0; i < 20; i++) {
                        store.rates(new RateQuery(port(0, 1), SYMBOL_ERRORS, Consolidation.AVERAGE, at(0),
                                at(10L * samples), TEN_SECONDS));
                        store.worst(new WorstQuery(SYMBOL_ERRORS, Consolidation.MAX, at(0), at(10L * samples), 5));
                    }
                }));
                for (Future<?> task : tasks) {
                    task.get();
                }
            }

            for (int w = 0; w < writers; w++) {
                for (int p = 0; p < portsPerWriter; p++) {
                    List<Double> expected = new ArrayList<>();
                    for (int s = 0; s < samples; s++) {
                        expected.add((double) (w * 1000 + p * 100 + s));
                    }
                    assertThat(read(port(w, p + 1), SYMBOL_ERRORS, Consolidation.AVERAGE, 0, 10L * samples, TEN_SECONDS))
                            .as("writer %d port %d", w, p + 1).isEqualTo(expected);
                }
            }
        }
    }

    @Nested
    class Health {

        @Test
        void aWorkingStoreChecksOk() {
            store.write(every10s(port(1, 1), 0, SYMBOL_ERRORS, 1));

            CheckResult check = store.check();

            assertThat(check.ok()).as(check.detail()).isTrue();
            assertThat(check.detail()).isNotBlank();
        }
    }
}
