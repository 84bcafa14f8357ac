package io.fabricpulse.server.series.influxdb;

import io.fabricpulse.server.series.CheckResult;
import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStoreException;
import io.fabricpulse.server.series.influxdb.InfluxDbSeriesProperties.WriteApi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the InfluxDB store does beyond the contract, against a real InfluxDB 1.x. */
class InfluxDb1BehaviourIT {

    @RegisterExtension
    static final InfluxDb1Server influx = new InfluxDb1Server();

    private static final PortSeriesKey PORT = new PortSeriesKey("0x0002c90300317810", 1);
    private static final RateSeries SYMBOL_ERRORS = RateSeries.named("SymbolErrorCounter");

    private static InfluxDbSeriesProperties properties(WriteApi api, String database, boolean create,
                                                       String retentionPolicy, Duration retention) {
        return new InfluxDbSeriesProperties(influx.url(), api, null, null, null, "-", database, retentionPolicy, null,
                "port_rates", create, retention, Duration.ofSeconds(10));
    }

    private static List<PortRateSample> sampleAt(Instant at) {
        return List.of(new PortRateSample(PORT, at, Map.of(SYMBOL_ERRORS, 3.0)));
    }

    @Test
    void aMissingDatabaseIsReportedByCheckAndByWrites() {
        try (InfluxDbSeriesStore store = new InfluxDbSeriesStore(properties(WriteApi.V1, "absent", false, null, null))) {
            CheckResult check = store.check();
            assertThat(check.ok()).isFalse();
            assertThat(check.detail()).startsWith("InfluxDB at " + influx.url() + " has no database absent (it has: ");
            assertThatThrownBy(() -> store.write(sampleAt(Instant.parse("2026-03-02T10:00:00Z"))))
                    .isInstanceOf(SeriesStoreException.class)
                    .hasMessageContaining("HTTP 404").hasMessageContaining("database not found");
        }
    }

    @Test
    void theV2TransportIsRefusedByInfluxDbBefore18WithAnErrorThatSaysSo() {
        try (InfluxDbSeriesStore setup = new InfluxDbSeriesStore(properties(WriteApi.V1, "v2try", true, null, null))) {
            setup.write(sampleAt(Instant.parse("2026-03-02T10:00:00Z")));
        }
        try (InfluxDbSeriesStore store = new InfluxDbSeriesStore(properties(WriteApi.V2, "v2try", false, null, null))) {
            assertThatThrownBy(() -> store.write(sampleAt(Instant.parse("2026-03-02T10:00:10Z"))))
                    .isInstanceOf(SeriesStoreException.class)
                    .hasMessageStartingWith("writing 1 points to InfluxDB at " + influx.url() + " failed:");
            // Reads are InfluxQL on /query, which 1.x has always answered.
            assertThat(store.rates(new RateQuery(PORT, SYMBOL_ERRORS, Consolidation.AVERAGE,
                    Instant.parse("2026-03-02T10:00:00Z"), Instant.parse("2026-03-02T10:00:20Z"), Duration.ofSeconds(10)))
                    .stream().map(RatePoint::value)).containsExactly(3.0, Double.NaN);
        }
    }

    @Test
    void theConfiguredRetentionIsCreatedAndPointsBeyondItAreDroppedWithoutFailingTheBatch() throws Exception {
        try (InfluxDbSeriesStore store = new InfluxDbSeriesStore(
                properties(WriteApi.V1, "kept_a_day", true, "one_day", Duration.ofDays(1)))) {
            store.write(sampleAt(Instant.parse("1980-01-01T00:00:00Z")));

            assertThat(store.check().ok()).isTrue();
            assertThat(store.rates(new RateQuery(PORT, SYMBOL_ERRORS, Consolidation.MAX,
                    Instant.parse("1980-01-01T00:00:00Z"), Instant.parse("1980-01-01T00:01:00Z"), Duration.ofMinutes(1)))
                    .getFirst().isGap()).isTrue();
        }
        assertThat(influx.query("SHOW RETENTION POLICIES ON \"kept_a_day\"", null, null))
                .contains("\"one_day\",\"24h0m0s\"");
    }

    @Test
    void aRetentionThatContradictsTheExistingPolicyIsRefusedNotIgnored() throws Exception {
        influx.query("CREATE DATABASE \"kept_forever\"", null, null);
        try (InfluxDbSeriesStore store = new InfluxDbSeriesStore(
                properties(WriteApi.V1, "kept_forever", true, null, Duration.ofDays(30)))) {
            assertThatThrownBy(() -> store.write(sampleAt(Instant.parse("2026-03-02T10:00:00Z"))))
                    .isInstanceOf(SeriesStoreException.class)
                    .hasMessage("InfluxDB database kept_forever at " + influx.url() + " has no retention policy (default) "
                            + "of PT720H; it has: autogen 0s (default). Change it in InfluxDB (ALTER RETENTION POLICY) "
                            + "or the configured retention");
        }
    }

    @Test
    void anUnreachableServerIsUnhealthyAndWritesFailWithItsAddress() {
        URI nowhere = URI.create("http://127.0.0.1:9");
        try (InfluxDbSeriesStore store = new InfluxDbSeriesStore(new InfluxDbSeriesProperties(nowhere, WriteApi.V1,
                null, null, null, "-", "fp", null, null, "port_rates", false, null, Duration.ofSeconds(2)))) {
            assertThat(store.check().ok()).isFalse();
            assertThat(store.check().detail()).startsWith("InfluxDB at http://127.0.0.1:9");
            assertThatThrownBy(() -> store.write(sampleAt(Instant.parse("2026-03-02T10:00:00Z"))))
                    .isInstanceOf(SeriesStoreException.class).hasMessageContaining("http://127.0.0.1:9");
            assertThatThrownBy(() -> store.rates(new RateQuery(PORT, SYMBOL_ERRORS, Consolidation.MAX,
                    Instant.parse("2026-03-02T10:00:00Z"), Instant.parse("2026-03-02T10:01:00Z"), Duration.ofMinutes(1))))
                    .isInstanceOf(SeriesStoreException.class).hasMessageStartingWith("InfluxQL query to http://127.0.0.1:9");
        }
    }
}
