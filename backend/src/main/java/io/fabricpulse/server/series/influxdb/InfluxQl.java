package io.fabricpulse.server.series.influxdb;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.WorstQuery;

import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The InfluxQL this store sends, written once. Every name is quoted and every literal escaped,
 * even those that cannot hold a quote today, so a future caller cannot turn a tag into a statement.
 * Only the InfluxQL that 1.x, 2.x (through DBRP) and 3.x all answer is used: mean/max, GROUP BY
 * time and tags, RFC 3339 time literals.
 */
final class InfluxQl {

    static final String NODE_GUID = "node_guid";
    static final String PORT = "port";
    private static final Pattern GO_DURATION = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?");

    private final String from;

    /** {@code "retention policy"."measurement"}, or just the measurement for the database's default. */
    InfluxQl(String retentionPolicy, String measurement) {
        this.from = retentionPolicy == null ? identifier(measurement)
                : identifier(retentionPolicy) + "." + identifier(measurement);
    }

    /** One row per non-empty bucket: InfluxQL's time buckets start at multiples of the interval, as ours do. */
    String rates(RateQuery query) {
        return "SELECT " + function(query.consolidation()) + "(" + identifier(query.series().name()) + ") FROM " + from
                + " WHERE " + identifier(NODE_GUID) + " = " + string(query.port().nodeGuid())
                + " AND " + identifier(PORT) + " = " + string(Integer.toString(query.port().portNumber()))
                + " AND " + window(query.from(), query.to())
                + " GROUP BY time(" + query.stepSeconds() + "s) fill(none)";
    }

    /** One row per port with data in the window; ranking happens in Java so ties order the same everywhere. */
    String worst(WorstQuery query) {
        return "SELECT " + function(query.consolidation()) + "(" + identifier(query.series().name()) + ") FROM " + from
                + " WHERE " + window(query.from(), query.to())
                + " GROUP BY " + identifier(NODE_GUID) + ", " + identifier(PORT);
    }

    static String showDatabases() {
        return "SHOW DATABASES";
    }

    static String showRetentionPolicies(String database) {
        return "SHOW RETENTION POLICIES ON " + identifier(database);
    }

    /** InfluxDB prints durations as Go does ({@code 720h0m0s}; {@code 0s} is "forever"). */
    static Duration goDuration(String text) {
        Matcher parts = GO_DURATION.matcher(text);
        if (text.isEmpty() || !parts.matches()) {
            throw new IllegalArgumentException("not a duration as InfluxDB prints them: '" + text + "'");
        }
        return Duration.ofHours(parts.group(1) == null ? 0 : Long.parseLong(parts.group(1)))
                .plusMinutes(parts.group(2) == null ? 0 : Long.parseLong(parts.group(2)))
                .plusSeconds(parts.group(3) == null ? 0 : Long.parseLong(parts.group(3)));
    }

    /**
     * 1.x: creates the database, with a default retention policy of the given duration when there is
     * one. Repeating it is harmless; a conflicting existing policy is an error InfluxDB names.
     */
    static String createDatabase(String database, String retentionPolicy, Duration retention) {
        StringBuilder statement = new StringBuilder("CREATE DATABASE ").append(identifier(database));
        if (retention != null) {
            statement.append(" WITH DURATION ").append(retention.getSeconds()).append("s REPLICATION 1");
            if (retentionPolicy != null) {
                statement.append(" NAME ").append(identifier(retentionPolicy));
            }
        }
        return statement.toString();
    }

    private static String function(Consolidation consolidation) {
        return switch (consolidation) {
            case AVERAGE -> "mean";
            case MAX -> "max";
        };
    }

    private static String window(Instant from, Instant to) {
        return "time >= " + string(from.toString()) + " AND time < " + string(to.toString());
    }

    static String identifier(String name) {
        return '"' + name.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    static String string(String value) {
        return '\'' + value.replace("\\", "\\\\").replace("'", "\\'") + '\'';
    }
}
