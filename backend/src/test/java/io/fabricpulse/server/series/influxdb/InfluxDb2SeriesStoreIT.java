package io.fabricpulse.server.series.influxdb;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreContract;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.InfluxDBContainer;
import org.testcontainers.utility.DockerImageName;

import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The contract against InfluxDB 2.7 in a Testcontainers container, over {@code /api/v2/write}, each
 * test in a bucket of its own (read through InfluxDB's automatic DBRP mapping). Docker-only: without
 * a Docker engine (as on the build machine) every test is skipped with that reason. The container
 * starts on the first test that needs it, so the skip costs nothing.
 */
@Tag("docker")
class InfluxDb2SeriesStoreIT extends SeriesStoreContract {

    private static final String TOKEN = "fabricpulse-contract-token";
    private static final String ORG = "fabricpulse";
    private static final AtomicInteger buckets = new AtomicInteger();
    private static InfluxDBContainer<?> influx;

    @Override
    protected SeriesStore newStore() {
        String bucket = "contract_" + buckets.incrementAndGet();
        InfluxDBContainer<?> server = server();
        try (InfluxDBClient admin = InfluxDBClientFactory.create(server.getUrl(), TOKEN.toCharArray(), ORG)) {
            String orgId = admin.getOrganizationsApi().findOrganizations().stream()
                    .filter(org -> ORG.equals(org.getName())).findFirst().orElseThrow().getId();
            admin.getBucketsApi().createBucket(bucket, orgId);
        }
        return new InfluxDbSeriesStore(InfluxDbTestProperties.v2(URI.create(server.getUrl()), TOKEN, ORG, bucket));
    }

    private static synchronized InfluxDBContainer<?> server() {
        Assumptions.assumeTrue(DockerClientFactory.instance().isDockerAvailable(),
                "Docker-only test: no Docker engine here for Testcontainers' influxdb:2.7");
        if (influx == null) {
            influx = new InfluxDBContainer<>(DockerImageName.parse("influxdb:2.7"))
                    .withAdminToken(TOKEN)
                    .withOrganization(ORG)
                    .withBucket("setup");
            influx.start();
        }
        return influx;
    }

    @AfterAll
    static synchronized void stopServer() {
        if (influx != null) {
            influx.stop();
            influx = null;
        }
    }
}
