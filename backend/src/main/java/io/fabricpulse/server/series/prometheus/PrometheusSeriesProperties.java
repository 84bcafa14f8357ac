package io.fabricpulse.server.series.prometheus;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Settings of the prometheus store ({@code fabricpulse.series.prometheus.*}). Where each engine takes
 * what: VictoriaMetrics single-node writes at {@code http://vm:8428/api/v1/write} and answers PromQL at
 * {@code http://vm:8428}; its cluster at {@code http://vminsert:8480/insert/0/prometheus/api/v1/write} and
 * {@code http://vmselect:8481/select/0/prometheus}; Prometheus (with
 * {@code --web.enable-remote-write-receiver}) at {@code /api/v1/write} and its own base URL; Mimir at
 * {@code /api/v1/push} and {@code /prometheus} (plus a tenant header).
 *
 * @param writeUrl           the remote-write endpoint (protobuf + snappy, remote write 1.0)
 * @param queryUrl           base URL of the PromQL HTTP API ({@code /api/v1/query} is appended)
 * @param token              bearer token sent with every request; exclusive with username/password
 * @param username           user for HTTP basic authentication
 * @param password           its password
 * @param headers            more headers on every request, e.g. {@code X-Scope-OrgID} for a Mimir tenant
 * @param externalLabels     labels added to every written series (e.g. {@code replica}); read queries match them
 * @param metric             the metric name of every rate series (labels node_guid, port, series)
 * @param timeout            connect and request timeout of every request
 * @param queueCapacity      port samples held for sending while the endpoint is slow or down; beyond it the
 *                           oldest are dropped and counted (ingest never waits for the endpoint)
 * @param shards             sending threads; a port always goes through the same one, so its points stay in order
 * @param maxSeriesPerRequest time series (port x rate) per remote-write request
 * @param minBackoff         first wait after a failed request (doubled after each further failure)
 * @param maxBackoff         longest wait between retries; a Retry-After longer than this is cut to it
 * @param readYourWrites     how long a query waits for the points queued before it to be delivered
 * @param rawReadLimit       chart ranges up to this long are read as raw points and bucketed here (exact);
 *                           longer ones are consolidated by the engine (avg/max_over_time per step)
 * @param maxResponseSize    largest PromQL answer read; larger is an error, not an out-of-memory
 */
@ConfigurationProperties("fabricpulse.series.prometheus")
public record PrometheusSeriesProperties(@DefaultValue("http://localhost:8428/api/v1/write") URI writeUrl,
                                         @DefaultValue("http://localhost:8428") URI queryUrl,
                                         String token,
                                         String username,
                                         String password,
                                         Map<String, String> headers,
                                         Map<String, String> externalLabels,
                                         @DefaultValue("fabricpulse_port_rate") String metric,
                                         @DefaultValue("10s") Duration timeout,
                                         @DefaultValue("200000") int queueCapacity,
                                         @DefaultValue("2") int shards,
                                         @DefaultValue("10000") int maxSeriesPerRequest,
                                         @DefaultValue("100ms") Duration minBackoff,
                                         @DefaultValue("30s") Duration maxBackoff,
                                         @DefaultValue("2s") Duration readYourWrites,
                                         @DefaultValue("24h") Duration rawReadLimit,
                                         @DefaultValue("64000000") long maxResponseSize) {

    private static final Pattern METRIC_NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

    public PrometheusSeriesProperties {
        requireHttp("write-url", writeUrl);
        requireHttp("query-url", queryUrl);
        token = blankToNull(token);
        username = blankToNull(username);
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        externalLabels = externalLabels == null ? Map.of() : Map.copyOf(externalLabels);
        if (token != null && username != null) {
            throw new IllegalArgumentException("fabricpulse.series.prometheus: set either token or username/password, "
                    + "not both");
        }
        if (username != null && password == null) {
            throw new IllegalArgumentException("fabricpulse.series.prometheus.password is required with a username");
        }
        if (metric == null || !METRIC_NAME.matcher(metric).matches()) {
            throw new IllegalArgumentException("fabricpulse.series.prometheus.metric must be a Prometheus metric name, got "
                    + metric);
        }
        for (String label : externalLabels.keySet()) {
            if (!LABEL_NAME.matcher(label).matches() || label.startsWith("__")
                    || PromQl.OWN_LABELS.contains(label)) {
                throw new IllegalArgumentException("fabricpulse.series.prometheus.external-labels." + label
                        + ": not a label name of its own (letters, digits, _; not __*, not one of " + PromQl.OWN_LABELS
                        + ")");
            }
        }
        requirePositive("timeout", timeout);
        requirePositive("min-backoff", minBackoff);
        requirePositive("max-backoff", maxBackoff);
        requirePositive("raw-read-limit", rawReadLimit);
        if (readYourWrites == null || readYourWrites.isNegative()) {
            throw new IllegalArgumentException("fabricpulse.series.prometheus.read-your-writes must be 0 or more");
        }
        if (minBackoff.compareTo(maxBackoff) > 0) {
            throw new IllegalArgumentException("fabricpulse.series.prometheus.min-backoff (" + minBackoff
                    + ") must not exceed max-backoff (" + maxBackoff + ")");
        }
        if (queueCapacity < 1 || shards < 1 || shards > 64 || maxSeriesPerRequest < 1 || maxResponseSize < 1024) {
            throw new IllegalArgumentException("fabricpulse.series.prometheus: queue-capacity and max-series-per-request "
                    + "must be positive, shards 1..64, max-response-size at least 1024 bytes");
        }
    }

    /** The value of the Authorization header every request carries, or null without credentials. */
    String authorization() {
        if (token != null) {
            return "Bearer " + token;
        }
        if (username != null) {
            return "Basic " + Base64.getEncoder().encodeToString((username + ":" + password)
                    .getBytes(StandardCharsets.UTF_8));
        }
        return null;
    }

    /** Never prints credentials: this goes to the log at startup. */
    @Override
    public String toString() {
        return "write-url " + writeUrl + ", query-url " + queryUrl + ", metric " + metric
                + (externalLabels.isEmpty() ? "" : ", external labels " + externalLabels)
                + (token != null ? ", bearer token" : username != null ? ", basic user " + username : "")
                + ", queue " + queueCapacity + " port samples over " + shards + " shard(s)";
    }

    private static void requireHttp(String key, URI url) {
        if (url == null || !url.isAbsolute() || url.getHost() == null
                || !("http".equals(url.getScheme()) || "https".equals(url.getScheme()))) {
            throw new IllegalArgumentException("fabricpulse.series.prometheus." + key + " must be an absolute http(s) URL, "
                    + "got " + url);
        }
    }

    private static void requirePositive(String key, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException("fabricpulse.series.prometheus." + key + " must be positive, got " + value);
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
