package io.fabricpulse.server.series;

import java.time.Instant;

/**
 * One bucket of a rate query.
 *
 * @param at    start of the bucket, which spans {@code [at, at + step)}
 * @param value the consolidated rate, {@code NaN} when the store holds nothing for the bucket
 */
public record RatePoint(Instant at, double value) {

    public boolean isGap() {
        return Double.isNaN(value);
    }
}
