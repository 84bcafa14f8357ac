package io.fabricpulse.server.series.influxdb;

import io.fabricpulse.server.series.influxdb.InfluxDbSeriesProperties.WriteApi;

import java.net.URI;
import java.time.Duration;

/** Properties the InfluxDB tests use, one place for the long constructor. */
final class InfluxDbTestProperties {

    private InfluxDbTestProperties() {
    }

    /** 1.x over /write, creating {@code database} (kept forever) before the first write. */
    static InfluxDbSeriesProperties v1(URI url, String database) {
        return new InfluxDbSeriesProperties(url, WriteApi.V1, null, null, null, "-", database, null, null,
                "port_rates", true, null, Duration.ofSeconds(10));
    }

    /** 2.x over /api/v2/write with a token; InfluxQL reads the bucket through its automatic DBRP mapping. */
    static InfluxDbSeriesProperties v2(URI url, String token, String org, String bucket) {
        return new InfluxDbSeriesProperties(url, WriteApi.V2, token, null, null, org, bucket, null, null,
                "port_rates", false, null, Duration.ofSeconds(10));
    }
}
