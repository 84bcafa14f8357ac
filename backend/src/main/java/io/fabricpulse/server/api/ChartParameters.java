package io.fabricpulse.server.api;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.server.problem.ReadQuery;
import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.RateSeries;
import org.springframework.boot.convert.DurationStyle;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * The parameters of a chart request, read and checked together: the port from the path, and
 * {@code counter}, {@code from}, {@code to}, {@code step}, {@code consolidation} from the query. Every
 * bad value is listed in one 400 problem.
 */
final class ChartParameters {

    static final Set<String> NAMES = Set.of("counter", "from", "to", "step", "consolidation");
    /** The default range when {@code from} is not given. */
    static final Duration DEFAULT_RANGE = Duration.ofHours(1);
    /** Default steps, finest first: the first that gives at most {@link #DEFAULT_BUCKETS} buckets is taken. */
    private static final List<Duration> STEPS = List.of(Duration.ofSeconds(10), Duration.ofMinutes(1),
            Duration.ofMinutes(5), Duration.ofHours(1), Duration.ofDays(1));
    static final int DEFAULT_BUCKETS = 1_000;

    private ChartParameters() {
    }

    /** The port named by path segments, or null with the errors recorded in {@code query}. */
    static PortSeriesKey port(ReadQuery query, String guid, String port) {
        String canonical = null;
        try {
            canonical = Guids.format(Guids.parse(guid.strip()));
        } catch (IllegalArgumentException e) {
            query.invalid("guid", "must be a node GUID such as 0x0002c903003178f0, got '" + shown(guid) + "'");
        }
        Integer number = null;
        try {
            number = Integer.parseInt(port.strip());
        } catch (NumberFormatException e) {
            // reported below, with the range
        }
        if (number == null || number < 0 || number > PortSeriesKey.MAX_PORT) {
            query.invalid("port", "must be a port number from 0 to " + PortSeriesKey.MAX_PORT + ", got '"
                    + shown(port) + "'");
            return null;
        }
        return canonical == null ? null : new PortSeriesKey(canonical, number);
    }

    /** The query for {@code port}, or null with the errors recorded; {@code now} ends the default range. */
    static RateQuery rateQuery(ReadQuery query, PortSeriesKey port, Instant now) {
        RateSeries series = query.value("counter", RateSeries::named,
                "must be a stored series: a counter's IBA name or XmitBytesPerSecond, RcvBytesPerSecond");
        if (series == null && !query.has("counter")) {
            query.invalid("counter", "is required: a counter's IBA name such as SymbolErrorCounter, or "
                    + "XmitBytesPerSecond, RcvBytesPerSecond");
        }
        Instant from = query.value("from", ChartParameters::instant, "must be an ISO-8601 instant such as "
                + "2026-03-01T12:00:00Z or seconds since the epoch");
        Instant to = query.value("to", ChartParameters::instant, "must be an ISO-8601 instant such as "
                + "2026-03-01T13:00:00Z or seconds since the epoch");
        Duration step = query.value("step", ChartParameters::duration,
                "must be a duration such as 10s, 5m, 1h or PT10S");
        Consolidation consolidation = query.oneOf("consolidation", Consolidation.class);
        if (series == null || port == null || (query.has("from") && from == null) || (query.has("to") && to == null)
                || (query.has("step") && step == null) || (query.has("consolidation") && consolidation == null)) {
            return null;
        }
        Instant end = to == null ? now : to;
        try {
            Instant start = from == null ? end.minus(DEFAULT_RANGE) : from;
            if (!start.isBefore(end)) {
                query.invalid("from", "must be before to (" + end + "), got " + start);
                return null;
            }
            Duration bucket = step == null ? defaultStep(Duration.between(start, end)) : step;
            return RateQuery.covering(port, series, consolidation == null ? Consolidation.AVERAGE : consolidation,
                    start, end, bucket);
        } catch (IllegalArgumentException e) {
            query.invalid("step", e.getMessage());
        } catch (DateTimeException | ArithmeticException e) {
            query.invalid("from", "the range from " + from + " to " + end + " is beyond what can be charted");
        }
        return null;
    }

    /** The finest default step that draws {@code range} in at most {@link #DEFAULT_BUCKETS} buckets. */
    static Duration defaultStep(Duration range) {
        for (Duration step : STEPS) {
            if (range.dividedBy(step) < DEFAULT_BUCKETS) {
                return step;
            }
        }
        return Duration.ofSeconds(Math.ceilDiv(range.getSeconds(), DEFAULT_BUCKETS));
    }

    private static Instant instant(String text) {
        try {
            if (!text.isEmpty() && text.chars().allMatch(Character::isDigit)) {
                return Instant.ofEpochSecond(Long.parseLong(text));
            }
            return Instant.parse(text);
        } catch (DateTimeException | ArithmeticException e) {
            throw new IllegalArgumentException(e);
        }
    }

    static Duration duration(String text) {
        try {
            return DurationStyle.detectAndParse(text);
        } catch (DateTimeException | ArithmeticException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static String shown(String text) {
        return text.length() > 64 ? text.substring(0, 64) + "…" : text;
    }
}
