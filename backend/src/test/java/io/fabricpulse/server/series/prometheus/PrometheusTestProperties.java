package io.fabricpulse.server.series.prometheus;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

/** Store settings for tests: the defaults, pointed at a test engine, with short backoffs. */
final class PrometheusTestProperties {

    private PrometheusTestProperties() {
    }

    static PrometheusSeriesProperties of(URI writeUrl, URI queryUrl, Map<String, String> externalLabels) {
        return of(writeUrl, queryUrl, externalLabels, 200_000, Duration.ofSeconds(10));
    }

    static PrometheusSeriesProperties of(URI writeUrl, URI queryUrl, Map<String, String> externalLabels,
                                         int queueCapacity, Duration readYourWrites) {
        return of(writeUrl, queryUrl, externalLabels, queueCapacity, readYourWrites, Duration.ofHours(24));
    }

    static PrometheusSeriesProperties of(URI writeUrl, URI queryUrl, Map<String, String> externalLabels,
                                         int queueCapacity, Duration readYourWrites, Duration rawReadLimit) {
        return new PrometheusSeriesProperties(writeUrl, queryUrl, null, null, null, Map.of(), externalLabels,
                "fabricpulse_port_rate", Duration.ofSeconds(10), queueCapacity, 2, 10_000, Duration.ofMillis(20),
                Duration.ofMillis(200), readYourWrites, rawReadLimit, 64_000_000);
    }
}
