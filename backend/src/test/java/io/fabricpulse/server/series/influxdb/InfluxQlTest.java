package io.fabricpulse.server.series.influxdb;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.WorstQuery;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InfluxQlTest {

    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");

    @Test
    void aChartQueryGroupsByTheStepOnTheEpochGrid() {
        RateQuery query = new RateQuery(new PortSeriesKey("0x0002c90300317810", 7), RateSeries.named("PortXmitWait"),
                Consolidation.MAX, T0, T0.plusSeconds(3600), Duration.ofMinutes(5));

        assertThat(new InfluxQl(null, "port_rates").rates(query)).isEqualTo(
                "SELECT max(\"PortXmitWait\") FROM \"port_rates\" WHERE \"node_guid\" = '0x0002c90300317810' AND "
                        + "\"port\" = '7' AND time >= '2026-03-02T10:00:00Z' AND time < '2026-03-02T11:00:00Z' "
                        + "GROUP BY time(300s) fill(none)");
    }

    @Test
    void aWorstQueryGroupsByPortAndNamesTheRetentionPolicy() {
        WorstQuery query = new WorstQuery(RateSeries.XMIT_BYTES_PER_SECOND, Consolidation.AVERAGE, T0,
                T0.plusSeconds(300), 10);

        assertThat(new InfluxQl("two_weeks", "port_rates").worst(query)).isEqualTo(
                "SELECT mean(\"XmitBytesPerSecond\") FROM \"two_weeks\".\"port_rates\" WHERE "
                        + "time >= '2026-03-02T10:00:00Z' AND time < '2026-03-02T10:05:00Z' GROUP BY \"node_guid\", \"port\"");
    }

    @Test
    void namesAndLiteralsCannotEscapeTheirQuotes() {
        assertThat(InfluxQl.identifier("a\"b\\c")).isEqualTo("\"a\\\"b\\\\c\"");
        assertThat(InfluxQl.string("x' OR '1'='1")).isEqualTo("'x\\' OR \\'1\\'=\\'1'");
        assertThat(new InfluxQl("rp\"; DROP DATABASE x", "m").worst(new WorstQuery(RateSeries.XMIT_BYTES_PER_SECOND,
                Consolidation.AVERAGE, T0, T0.plusSeconds(1), 1))).contains("FROM \"rp\\\"; DROP DATABASE x\".\"m\"");
    }

    @Test
    void aDatabaseIsCreatedWithItsRetentionWhenThereIsOne() {
        assertThat(InfluxQl.createDatabase("fp", null, null)).isEqualTo("CREATE DATABASE \"fp\"");
        assertThat(InfluxQl.createDatabase("fp", "rates", Duration.ofDays(30)))
                .isEqualTo("CREATE DATABASE \"fp\" WITH DURATION 2592000s REPLICATION 1 NAME \"rates\"");
        assertThat(InfluxQl.createDatabase("fp", null, Duration.ofHours(1)))
                .isEqualTo("CREATE DATABASE \"fp\" WITH DURATION 3600s REPLICATION 1");
    }

    @Test
    void durationsAreReadAsInfluxDbPrintsThem() {
        assertThat(InfluxQl.goDuration("720h0m0s")).isEqualTo(Duration.ofDays(30));
        assertThat(InfluxQl.goDuration("1h30m")).isEqualTo(Duration.ofMinutes(90));
        assertThat(InfluxQl.goDuration("0s")).isEqualTo(Duration.ZERO);
        assertThatThrownBy(() -> InfluxQl.goDuration("INF")).hasMessage("not a duration as InfluxDB prints them: 'INF'");
        assertThatThrownBy(() -> InfluxQl.goDuration("")).isInstanceOf(IllegalArgumentException.class);
    }
}
