package io.fabricpulse.server.series.prometheus;

import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreContract;
import io.fabricpulse.server.testing.PrometheusServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The contract against a real Prometheus (Debian's package) with its remote-write receiver on, each
 * test's series set apart by an external label of its own. Remote-written points are searchable at
 * once; the store's read-your-writes wait is all a read right after a write needs.
 */
class PrometheusSeriesStoreIT extends SeriesStoreContract {

    private static final AtomicInteger runs = new AtomicInteger();
    private static PrometheusServer prometheus;

    @BeforeAll
    static void startEngine() throws Exception {
        prometheus = PrometheusServer.start(PrometheusServer.RECEIVER_ONLY);
    }

    @AfterAll
    static void stopEngine() {
        if (prometheus != null) {
            prometheus.close();
        }
    }

    /**
     * In a Prometheus of its own: its head refuses points more than an hour older than the newest it has,
     * and these span two hours.
     */
    @Test
    void longRangesConsolidatedByTheEngineGiveTheSameBucketsAsRawPoints() throws Exception {
        Map<String, String> labels = Map.of("contract", "prometheus-long");
        try (PrometheusServer own = PrometheusServer.start(PrometheusServer.RECEIVER_ONLY);
             PrometheusSeriesStore raw = new PrometheusSeriesStore(PrometheusTestProperties.of(own.writeUrl(), own.url(),
                     labels), Clock.systemUTC());
             PrometheusSeriesStore consolidated = new PrometheusSeriesStore(PrometheusTestProperties.of(own.writeUrl(),
                     own.url(), labels, 1_000, Duration.ofSeconds(10), Duration.ofHours(1)), Clock.systemUTC())) {
            EngineConsolidation.sameBucketsEitherWay(raw, consolidated, () -> raw.awaitWrites(Duration.ofSeconds(30)));
        }
    }

    @Override
    protected SeriesStore newStore() {
        return new PrometheusSeriesStore(PrometheusTestProperties.of(prometheus.writeUrl(), prometheus.url(),
                Map.of("contract", "prometheus-" + runs.incrementAndGet())), Clock.systemUTC());
    }
}
