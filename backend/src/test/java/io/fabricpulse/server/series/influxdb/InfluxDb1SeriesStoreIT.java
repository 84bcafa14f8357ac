package io.fabricpulse.server.series.influxdb;

import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreContract;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The contract against a real InfluxDB 1.x from Debian's package (1.6 here: no /api/v2, so the
 * {@code v1} write transport), each test in a database of its own that the store creates.
 */
class InfluxDb1SeriesStoreIT extends SeriesStoreContract {

    @RegisterExtension
    static final InfluxDb1Server influx = new InfluxDb1Server();

    private static final AtomicInteger databases = new AtomicInteger();

    @Override
    protected SeriesStore newStore() {
        return new InfluxDbSeriesStore(InfluxDbTestProperties.v1(influx.url(), "contract_" + databases.incrementAndGet()));
    }
}
