package io.fabricpulse.server.series.influxdb;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Settings of the InfluxDB store ({@code fabricpulse.series.influxdb.*}).
 *
 * <p>Which server speaks what: InfluxDB 1.8+, 2.x and 3.x take writes on {@code /api/v2/write}
 * ({@code write-api: v2}); 1.x before 1.8 only on {@code /write} ({@code v1}). All of them answer
 * InfluxQL on {@code /query}, which is how this store reads. On 2.x the database is the bucket's
 * name (its automatic DBRP mapping); on 1.8 with v2 writes the bucket is {@code database/retention-policy}.
 *
 * @param url             base URL of the server, e.g. {@code http://influxdb:8086}
 * @param writeApi        write transport, see above
 * @param token           API token (2.x, 3.x; on 1.8+ also {@code username:password}); sent as
 *                        {@code Authorization: Token ...} on every request
 * @param username        user for HTTP basic authentication (1.x); exclusive with {@code token}
 * @param password        its password
 * @param org             organisation for v2 writes (2.x needs it; 1.8 and 3.x ignore it)
 * @param database        database InfluxQL reads from (and v1 writes go to)
 * @param retentionPolicy retention policy to write to and read from; empty for the database's default
 * @param bucket          bucket for v2 writes; empty for {@code database} or {@code database/retention-policy}
 * @param measurement     measurement holding the rates; one field per series, tags node_guid and port
 * @param createDatabase  v1 only: create the database (with {@code retention}) before the first write
 * @param retention       with {@code create-database}: how long the database keeps points; empty keeps them forever
 * @param timeout         connect, read and write timeout of every request
 */
@ConfigurationProperties("fabricpulse.series.influxdb")
public record InfluxDbSeriesProperties(@DefaultValue("http://localhost:8086") URI url,
                                       @DefaultValue("v2") WriteApi writeApi,
                                       String token,
                                       String username,
                                       String password,
                                       @DefaultValue("-") String org,
                                       @DefaultValue("fabricpulse") String database,
                                       String retentionPolicy,
                                       String bucket,
                                       @DefaultValue("port_rates") String measurement,
                                       boolean createDatabase,
                                       Duration retention,
                                       @DefaultValue("10s") Duration timeout) {

    /** InfluxDB names: printable, no line breaks (line protocol is line-based), reasonably short. */
    private static final Pattern NAME = Pattern.compile("[\\p{Graph} ]{1,255}");

    public enum WriteApi {
        /** {@code /write}: InfluxDB 1.x, including versions before 1.8. */
        V1,
        /** {@code /api/v2/write}: InfluxDB 1.8+, 2.x, 3.x. */
        V2
    }

    public InfluxDbSeriesProperties {
        if (url == null || !url.isAbsolute() || url.getHost() == null
                || !("http".equals(url.getScheme()) || "https".equals(url.getScheme()))) {
            throw new IllegalArgumentException("fabricpulse.series.influxdb.url must be an absolute http(s) URL, got "
                    + url);
        }
        if (writeApi == null || timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("fabricpulse.series.influxdb.write-api and a positive timeout are required");
        }
        token = blankToNull(token);
        username = blankToNull(username);
        retentionPolicy = blankToNull(retentionPolicy);
        bucket = blankToNull(bucket);
        requireName("database", database);
        requireName("measurement", measurement);
        requireName("org", org);
        if (retentionPolicy != null) {
            requireName("retention-policy", retentionPolicy);
        }
        if (bucket != null) {
            requireName("bucket", bucket);
        }
        if (token != null && username != null) {
            throw new IllegalArgumentException("fabricpulse.series.influxdb: set either token or username/password, "
                    + "not both");
        }
        if (username != null && password == null) {
            throw new IllegalArgumentException("fabricpulse.series.influxdb.password is required with a username");
        }
        if (createDatabase && writeApi != WriteApi.V1) {
            throw new IllegalArgumentException("fabricpulse.series.influxdb.create-database works with write-api v1 "
                    + "(InfluxDB 1.x); on 2.x and 3.x create the bucket with its retention in InfluxDB");
        }
        if (retention != null && !createDatabase) {
            throw new IllegalArgumentException("fabricpulse.series.influxdb.retention is applied only when "
                    + "create-database is true; otherwise the database's own retention policy decides");
        }
        if (retention != null && (retention.getNano() != 0 || retention.compareTo(Duration.ofHours(1)) < 0)) {
            throw new IllegalArgumentException("fabricpulse.series.influxdb.retention must be whole seconds and at "
                    + "least 1h (InfluxDB's minimum), got " + retention);
        }
    }

    /** Where v2 writes go: the bucket, or the 1.8 convention {@code database[/retention-policy]}. */
    public String effectiveBucket() {
        if (bucket != null) {
            return bucket;
        }
        return retentionPolicy == null ? database : database + "/" + retentionPolicy;
    }

    /** The value of the Authorization header every request carries, or null without credentials. */
    String authorization() {
        if (token != null) {
            return "Token " + token;
        }
        if (username != null) {
            String pair = username + ":" + password;
            return "Basic " + Base64.getEncoder().encodeToString(
                    pair.getBytes(StandardCharsets.UTF_8));
        }
        return null;
    }

    @Override
    public String toString() {
        // Never print secrets (startup logs, failure analysis).
        return "InfluxDbSeriesProperties[url=" + url + ", writeApi=" + writeApi.name().toLowerCase(Locale.ROOT)
                + ", database=" + database + ", retentionPolicy=" + retentionPolicy + ", bucket=" + effectiveBucket()
                + ", measurement=" + measurement + ", auth=" + (token != null ? "token" : username != null ? "basic"
                : "none") + "]";
    }

    private static void requireName(String property, String value) {
        if (value == null || !NAME.matcher(value).matches()) {
            throw new IllegalArgumentException("fabricpulse.series.influxdb." + property
                    + " must be 1 to 255 printable characters, got '" + value + "'");
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
