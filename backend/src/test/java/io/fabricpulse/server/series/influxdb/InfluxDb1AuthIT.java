package io.fabricpulse.server.series.influxdb;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStoreException;
import io.fabricpulse.server.series.influxdb.InfluxDbSeriesProperties.WriteApi;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** InfluxDB 1.x with authentication on: users and passwords over HTTP basic, on /write and /query alike. */
class InfluxDb1AuthIT {

    @RegisterExtension
    static final InfluxDb1Server influx = new InfluxDb1Server(true);

    private static final PortSeriesKey PORT = new PortSeriesKey("0x0002c90300317810", 2);
    private static final RateSeries DISCARDS = RateSeries.named("PortXmitDiscards");
    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");

    @BeforeAll
    static void createUsers() throws Exception {
        // With auth on, the only statement allowed without credentials is creating the first admin.
        influx.url();
        influx.query("CREATE USER \"admin\" WITH PASSWORD 'admin-pw' WITH ALL PRIVILEGES", null, null);
    }

    private static InfluxDbSeriesStore store(String user, String password) {
        return new InfluxDbSeriesStore(new InfluxDbSeriesProperties(influx.url(), WriteApi.V1, null, user, password,
                "-", "secured", null, null, "port_rates", true, null, Duration.ofSeconds(10)));
    }

    @Test
    void theRightCredentialsWriteAndRead() {
        try (InfluxDbSeriesStore store = store("admin", "admin-pw")) {
            store.write(List.of(new PortRateSample(PORT, T0, Map.of(DISCARDS, 12.5))));

            assertThat(store.check().ok()).as(store.check().detail()).isTrue();
            assertThat(store.rates(new RateQuery(PORT, DISCARDS, Consolidation.AVERAGE, T0, T0.plusSeconds(10),
                    Duration.ofSeconds(10))).stream().map(RatePoint::value)).containsExactly(12.5);
        }
    }

    @Test
    void wrongCredentialsAreRefusedAndSaidSo() {
        try (InfluxDbSeriesStore store = store("admin", "wrong")) {
            assertThat(store.check().ok()).isFalse();
            assertThat(store.check().detail()).contains("HTTP 401");
            assertThatThrownBy(() -> store.write(List.of(new PortRateSample(PORT, T0, Map.of(DISCARDS, 1.0)))))
                    .isInstanceOf(SeriesStoreException.class).hasMessageContaining("HTTP 401");
            assertThatThrownBy(() -> store.rates(new RateQuery(PORT, DISCARDS, Consolidation.AVERAGE, T0,
                    T0.plusSeconds(10), Duration.ofSeconds(10)))).isInstanceOf(SeriesStoreException.class)
                    .hasMessageEndingWith("failed: HTTP 401 (refused credentials: check "
                            + "fabricpulse.series.influxdb.token or username/password)");
        }
    }
}
