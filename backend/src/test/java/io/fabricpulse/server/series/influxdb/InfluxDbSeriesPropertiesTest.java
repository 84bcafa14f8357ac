package io.fabricpulse.server.series.influxdb;

import io.fabricpulse.server.series.influxdb.InfluxDbSeriesProperties.WriteApi;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class InfluxDbSeriesPropertiesTest {

    private static final URI URL = URI.create("http://influxdb:8086");

    private static InfluxDbSeriesProperties properties(WriteApi api, String token, String user, String password,
                                                       String retentionPolicy, String bucket, boolean create,
                                                       Duration retention) {
        return new InfluxDbSeriesProperties(URL, api, token, user, password, "-", "fabricpulse", retentionPolicy,
                bucket, "port_rates", create, retention, Duration.ofSeconds(10));
    }

    @Test
    void theBucketFollowsTheDatabaseUnlessNamed() {
        assertThat(properties(WriteApi.V2, null, null, null, null, null, false, null).effectiveBucket())
                .isEqualTo("fabricpulse");
        assertThat(properties(WriteApi.V2, null, null, null, "two_weeks", null, false, null).effectiveBucket())
                .isEqualTo("fabricpulse/two_weeks");
        assertThat(properties(WriteApi.V2, null, null, null, "two_weeks", "rates", false, null).effectiveBucket())
                .isEqualTo("rates");
    }

    @Test
    void credentialsBecomeOneAuthorizationHeaderAndNeverAppearInText() {
        InfluxDbSeriesProperties token = properties(WriteApi.V2, "s3cret-token", null, null, null, null, false, null);
        InfluxDbSeriesProperties basic = properties(WriteApi.V1, null, "fabric", "pa:ss", null, null, false, null);

        assertThat(token.authorization()).isEqualTo("Token s3cret-token");
        assertThat(basic.authorization()).isEqualTo("Basic ZmFicmljOnBhOnNz");
        assertThat(properties(WriteApi.V1, " ", "", null, null, null, false, null).authorization()).isNull();
        assertThat(token.toString()).doesNotContain("s3cret").contains("auth=token");
        assertThat(basic.toString()).doesNotContain("pa:ss").contains("auth=basic");
    }

    @Test
    void contradictionsAreRefusedSayingWhy() {
        assertThatThrownBy(() -> properties(WriteApi.V2, "t", "u", "p", null, null, false, null))
                .hasMessage("fabricpulse.series.influxdb: set either token or username/password, not both");
        assertThatThrownBy(() -> properties(WriteApi.V1, null, "u", null, null, null, false, null))
                .hasMessage("fabricpulse.series.influxdb.password is required with a username");
        assertThatThrownBy(() -> properties(WriteApi.V2, null, null, null, null, null, true, null))
                .hasMessageStartingWith("fabricpulse.series.influxdb.create-database works with write-api v1");
        assertThatThrownBy(() -> properties(WriteApi.V1, null, null, null, null, null, false, Duration.ofDays(1)))
                .hasMessageStartingWith("fabricpulse.series.influxdb.retention is applied only when create-database");
        assertThatThrownBy(() -> properties(WriteApi.V1, null, null, null, null, null, true, Duration.ofMinutes(5)))
                .hasMessageContaining("at least 1h");
    }

    @Test
    void namesThatWouldBreakLineProtocolOrUrlsAreRefused() {
        assertThatThrownBy(() -> new InfluxDbSeriesProperties(URL, WriteApi.V1, null, null, null, "-", "fab\nric", null,
                null, "port_rates", false, null, Duration.ofSeconds(1)))
                .hasMessage("fabricpulse.series.influxdb.database must be 1 to 255 printable characters, got 'fab\nric'");
        assertThatThrownBy(() -> new InfluxDbSeriesProperties(URL, WriteApi.V1, null, null, null, "-", "fp", null,
                null, "", false, null, Duration.ofSeconds(1))).hasMessageContaining("measurement");
        assertThatThrownBy(() -> new InfluxDbSeriesProperties(URI.create("influxdb:8086"), WriteApi.V1, null, null,
                null, "-", "fp", null, null, "m", false, null, Duration.ofSeconds(1)))
                .hasMessage("fabricpulse.series.influxdb.url must be an absolute http(s) URL, got influxdb:8086");
        assertThatThrownBy(() -> new InfluxDbSeriesProperties(URL, WriteApi.V1, null, null, null, "-", "fp", null,
                null, "m", false, null, Duration.ZERO)).hasMessageContaining("positive timeout");
    }
}
