package io.fabricpulse.server.series.prometheus;

import io.fabricpulse.server.series.CheckResult;
import io.fabricpulse.server.series.ExpectedPort;
import io.fabricpulse.server.series.PortRate;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreContract;
import io.fabricpulse.server.series.WorstQuery;
import io.fabricpulse.server.testing.VictoriaMetricsServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The contract against a real VictoriaMetrics single-node (Debian's package), each test's series set
 * apart by an external label of its own. VictoriaMetrics makes what it received searchable about once
 * a second; the one difference from the other stores' tests is that each write is followed by its
 * documented {@code /internal/force_flush}, so a read right after a write sees it.
 */
class VictoriaMetricsSeriesStoreIT extends SeriesStoreContract {

    private static final AtomicInteger runs = new AtomicInteger();
    private static VictoriaMetricsServer vm;

    @BeforeAll
    static void startEngine() throws Exception {
        vm = VictoriaMetricsServer.start();
    }

    @AfterAll
    static void stopEngine() {
        if (vm != null) {
            vm.close();
        }
    }

    @Test
    void longRangesConsolidatedByTheEngineGiveTheSameBucketsAsRawPoints() {
        Map<String, String> labels = Map.of("contract", "vm-long-" + runs.incrementAndGet());
        try (PrometheusSeriesStore raw = new PrometheusSeriesStore(PrometheusTestProperties.of(vm.writeUrl(), vm.url(),
                labels), Clock.systemUTC());
             PrometheusSeriesStore consolidated = new PrometheusSeriesStore(PrometheusTestProperties.of(vm.writeUrl(),
                     vm.url(), labels, 1_000, Duration.ofSeconds(10), Duration.ofHours(1)), Clock.systemUTC())) {
            EngineConsolidation.sameBucketsEitherWay(raw, consolidated, () -> {
                raw.awaitWrites(Duration.ofSeconds(30));
                vm.forceFlush();
            });
        }
    }

    @Override
    protected SeriesStore newStore() {
        PrometheusSeriesStore store = new PrometheusSeriesStore(PrometheusTestProperties.of(vm.writeUrl(), vm.url(),
                Map.of("contract", "vm-" + runs.incrementAndGet())), Clock.systemUTC());
        return new FlushedAfterWrites(store, vm);
    }

    /** The store, with VictoriaMetrics' buffers flushed once its writes are delivered. */
    record FlushedAfterWrites(PrometheusSeriesStore store, VictoriaMetricsServer vm) implements SeriesStore {

        @Override
        public void write(List<PortRateSample> batch) {
            store.write(batch);
            store.awaitWrites(Duration.ofSeconds(30));
            vm.forceFlush();
        }

        @Override
        public void expect(Collection<ExpectedPort> ports) {
            store.expect(ports);
        }

        @Override
        public List<RatePoint> rates(RateQuery query) {
            return store.rates(query);
        }

        @Override
        public List<PortRate> worst(WorstQuery query) {
            return store.worst(query);
        }

        @Override
        public CheckResult check() {
            return store.check();
        }

        @Override
        public void close() {
            store.close();
        }
    }
}
