package io.fabricpulse.server.series;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Consolidates stored values onto a {@link RateQuery}'s bucket grid. A store feeds it what it has,
 * each value covering {@code [start, start + length)}; values longer than a bucket (an old, coarse
 * archive read at a fine step) fill every bucket they cover, shorter ones are consolidated within
 * the bucket they start in. Buckets nothing fell into stay {@code NaN}.
 */
public final class BucketGrid {

    private final RateQuery query;
    private final long from;
    private final long step;
    private final Consolidator[] buckets;

    public BucketGrid(RateQuery query) {
        this.query = query;
        this.from = query.from().getEpochSecond();
        this.step = query.stepSeconds();
        this.buckets = new Consolidator[query.buckets()];
    }

    /** Adds a stored value covering {@code [startSecond, startSecond + lengthSeconds)}; NaN adds nothing. */
    public void add(long startSecond, long lengthSeconds, double value) {
        if (Double.isNaN(value)) {
            return;
        }
        long first = Math.floorDiv(startSecond - from, step);
        long last = lengthSeconds > step ? Math.floorDiv(startSecond + lengthSeconds - 1 - from, step) : first;
        for (long bucket = Math.max(first, 0); bucket <= last && bucket < buckets.length; bucket++) {
            if (buckets[(int) bucket] == null) {
                buckets[(int) bucket] = new Consolidator(query.consolidation());
            }
            buckets[(int) bucket].add(value);
        }
    }

    /** One point per bucket, in time order. */
    public List<RatePoint> points() {
        List<RatePoint> points = new ArrayList<>(buckets.length);
        for (int i = 0; i < buckets.length; i++) {
            double value = buckets[i] == null ? Double.NaN : buckets[i].value();
            points.add(new RatePoint(Instant.ofEpochSecond(from + i * step), value));
        }
        return points;
    }
}
