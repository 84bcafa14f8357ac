package io.fabricpulse.server.series.prometheus;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A setting that cannot work stops the server at startup, naming the key. */
class PrometheusSeriesPropertiesTest {

    private static final URI WRITE = URI.create("http://vm:8428/api/v1/write");
    private static final URI QUERY = URI.create("http://vm:8428");

    private static PrometheusSeriesProperties of(URI write, String token, String user, String password,
                                                 Map<String, String> externalLabels, Duration minBackoff) {
        return new PrometheusSeriesProperties(write, QUERY, token, user, password, Map.of(), externalLabels,
                "fabricpulse_port_rate", Duration.ofSeconds(10), 1_000, 2, 10_000, minBackoff, Duration.ofSeconds(30),
                Duration.ofSeconds(2), Duration.ofHours(24), 64_000_000);
    }

    @Test
    void impossibleSettingsAreRefusedByName() {
        assertThatThrownBy(() -> of(URI.create("vm:8428/api/v1/write"), null, null, null, Map.of(), Duration.ofMillis(100)))
                .hasMessageContaining("fabricpulse.series.prometheus.write-url");
        assertThatThrownBy(() -> of(WRITE, "t", "u", "p", Map.of(), Duration.ofMillis(100)))
                .hasMessageContaining("either token or username/password");
        assertThatThrownBy(() -> of(WRITE, null, "u", null, Map.of(), Duration.ofMillis(100)))
                .hasMessageContaining("password is required");
        assertThatThrownBy(() -> of(WRITE, null, null, null, Map.of("series", "x"), Duration.ofMillis(100)))
                .hasMessageContaining("external-labels.series");
        assertThatThrownBy(() -> of(WRITE, null, null, null, Map.of("__name__", "x"), Duration.ofMillis(100)))
                .hasMessageContaining("external-labels.__name__");
        assertThatThrownBy(() -> of(WRITE, null, null, null, Map.of(), Duration.ofMinutes(5)))
                .hasMessageContaining("min-backoff");
    }

    @Test
    void credentialsBecomeOneHeaderAndNeverReachTheLog() {
        PrometheusSeriesProperties bearer = of(WRITE, "s3cret", null, null, Map.of(), Duration.ofMillis(100));
        PrometheusSeriesProperties basic = of(WRITE, null, "noc", "pw", Map.of(), Duration.ofMillis(100));

        assertThat(bearer.authorization()).isEqualTo("Bearer s3cret");
        assertThat(basic.authorization()).isEqualTo("Basic bm9jOnB3");
        assertThat(bearer.toString()).doesNotContain("s3cret");
        assertThat(basic.toString()).doesNotContain("pw");
    }
}
