package io.fabricpulse.server.series;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Which store keeps the rate history ({@code fabricpulse.series.type}). Each store's own settings
 * live under {@code fabricpulse.series.<type>}.
 *
 * @param type the store; a value that names none fails startup with the allowed values
 */
@ConfigurationProperties("fabricpulse.series")
public record SeriesProperties(@DefaultValue("embedded") Type type) {

    public enum Type {
        /** Round-robin slots under a local directory: zero setup, fixed size per port. */
        EMBEDDED,
        /** An InfluxDB server, 1.x (InfluxQL, /write) to 3.x. */
        INFLUXDB,
        /** A Prometheus-compatible engine: remote write out, PromQL back (VictoriaMetrics, Prometheus, Mimir, Thanos). */
        PROMETHEUS
    }
}
