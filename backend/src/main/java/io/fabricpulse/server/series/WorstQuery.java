package io.fabricpulse.server.series;

import java.time.Instant;
import java.util.Objects;

/**
 * Which ports had the highest rate of one series over {@code [from, to)}. Ports without any stored
 * rate in the window are not ranked.
 *
 * @param series        the series to rank by
 * @param consolidation how each port's rates over the window become one value
 * @param from          window start, a whole second
 * @param to            window end (exclusive), a whole second
 * @param limit         how many ports at most, 1 to {@link #MAX_LIMIT}
 */
public record WorstQuery(RateSeries series, Consolidation consolidation, Instant from, Instant to, int limit) {

    public static final int MAX_LIMIT = 1_000;

    public WorstQuery {
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(consolidation, "consolidation");
        RateQuery.requireWindow(from, to);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be 1.." + MAX_LIMIT + ", got " + limit);
        }
    }
}
