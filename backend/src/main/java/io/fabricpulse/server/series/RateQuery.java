package io.fabricpulse.server.series;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A chart's question: one series of one port over {@code [from, to)}, in buckets of {@code step}.
 * Buckets start at multiples of the step since the epoch, so every store, replica and page that asks
 * the same question sees the same buckets; {@link #covering} widens an arbitrary range to that grid.
 *
 * @param port          the port
 * @param series        the series
 * @param consolidation how the rates inside a bucket become one value
 * @param from          start of the first bucket, a multiple of {@code step} since the epoch
 * @param to            end of the last bucket (exclusive), a multiple of {@code step} since the epoch
 * @param step          bucket length, whole seconds, at least one second
 */
public record RateQuery(PortSeriesKey port, RateSeries series, Consolidation consolidation, Instant from, Instant to,
                        Duration step) {

    /** More buckets than any chart can draw is a mistake or an attack; refuse before touching storage. */
    public static final int MAX_BUCKETS = 20_000;

    public RateQuery {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(consolidation, "consolidation");
        requireWindow(from, to);
        long stepSeconds = stepSeconds(step);
        if (from.getEpochSecond() % stepSeconds != 0 || to.getEpochSecond() % stepSeconds != 0) {
            throw new IllegalArgumentException("from (" + from + ") and to (" + to + ") must be multiples of the step ("
                    + step + ") since the epoch; RateQuery.covering widens a range to that grid");
        }
        long buckets = (to.getEpochSecond() - from.getEpochSecond()) / stepSeconds;
        if (buckets > MAX_BUCKETS) {
            throw new IllegalArgumentException("[" + from + ", " + to + ") in steps of " + step + " is " + buckets
                    + " buckets; at most " + MAX_BUCKETS + " are answered: use a larger step");
        }
    }

    /** The query whose bucket grid covers {@code [from, to)}: from rounded down, to rounded up to the step. */
    public static RateQuery covering(PortSeriesKey port, RateSeries series, Consolidation consolidation,
                                     Instant from, Instant to, Duration step) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        long s = stepSeconds(step);
        long start = Math.floorDiv(from.getEpochSecond(), s) * s;
        long endSecond = to.getEpochSecond() + (to.getNano() > 0 ? 1 : 0);
        long end = Math.max(Math.floorDiv(endSecond + s - 1, s) * s, start + s);
        return new RateQuery(port, series, consolidation, Instant.ofEpochSecond(start), Instant.ofEpochSecond(end), step);
    }

    public long stepSeconds() {
        return step.getSeconds();
    }

    public int buckets() {
        return (int) ((to.getEpochSecond() - from.getEpochSecond()) / step.getSeconds());
    }

    private static long stepSeconds(Duration step) {
        Objects.requireNonNull(step, "step");
        if (step.getNano() != 0 || step.getSeconds() < 1) {
            throw new IllegalArgumentException("step must be a whole number of seconds, at least 1 s, got " + step);
        }
        return step.getSeconds();
    }

    /** Both ends present, whole seconds, in order: every store counts time in seconds. */
    static void requireWindow(Instant from, Instant to) {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (from.getNano() != 0 || to.getNano() != 0) {
            throw new IllegalArgumentException("from (" + from + ") and to (" + to + ") must be whole seconds");
        }
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("from (" + from + ") must be before to (" + to + ")");
        }
    }
}
