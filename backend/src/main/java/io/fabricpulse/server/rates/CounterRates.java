package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.PortCounter;

import java.time.Instant;

/**
 * The rate rules of docs/FABRIC.md for consecutive samples of one (node, port, counter). Pure
 * functions: the caller keeps the returned baseline and passes it back with the next sample.
 *
 * <ul>
 *   <li>rate = delta / Δt, Δt from the samples' collection times;</li>
 *   <li>IBA counters latch at their width's maximum and never wrap: a value at the maximum is
 *       "at least max", reported as {@link CounterRate.Saturated} (remembering since when), never as
 *       a rate, because the true delta is unknown;</li>
 *   <li>a value below the baseline is a clear (ibclearcounters, OpenSM PerfMgr) or a reset: no rate
 *       for that interval, the new value becomes the baseline so the next interval is normal;</li>
 *   <li>a change of a counter's width (PortCounters and PortCountersExtended values) makes the two values
 *       incomparable;</li>
 *   <li>a sample not newer than the baseline (Δt ≤ 0: out of order, or a repeat) is ignored.</li>
 * </ul>
 * Values are unsigned: 64-bit counters above {@link Long#MAX_VALUE} arrive as negative longs.
 */
public final class CounterRates {

    private static final double NANOS_PER_SECOND = 1e9;
    private static final long NANOS_PER_SECOND_LONG = 1_000_000_000L;
    // The outcomes without fields are values; one instance each serves every counter and sample.
    private static final CounterRate NOT_NEWER = new CounterRate.NotNewer();
    private static final CounterRate FIRST_SAMPLE = new CounterRate.FirstSample();
    private static final CounterRate WIDTH_CHANGED = new CounterRate.WidthChanged();
    private static final CounterRate RESET = new CounterRate.Reset();

    private CounterRates() {
    }

    /** The outcome of one sample and the baseline to keep for the next. */
    public record Step(CounterSample baseline, CounterRate rate) {
    }

    /**
     * @param counter  which counter (with {@code width}, decides where it latches)
     * @param previous the baseline kept from the last step, null for the first sample
     * @param value    the new raw value (unsigned)
     * @param width    which of the port's counters are 64-bit in this sample
     * @param at       collection time of the new sample
     */
    public static Step next(PortCounter counter, CounterSample previous, long value, CounterWidth width, Instant at) {
        boolean wide = counter.wide(width);
        CounterRate rate = previous == null
                ? outcome(counter, 0, false, null, null, value, wide, at)
                : outcome(counter, previous.value(), counter.wide(previous.width()), previous.at(),
                previous.saturatedSince(), value, wide, at);
        if (rate instanceof CounterRate.NotNewer) {
            return new Step(previous, rate);
        }
        Instant since = rate instanceof CounterRate.Saturated(Instant latchedSince) ? latchedSince : null;
        return new Step(new CounterSample(value, width, at, since), rate);
    }

    /**
     * The rules of {@link #next} on a baseline given field by field, for callers that keep baselines
     * in arrays ({@link PortRates}: no object per counter and sample). The baseline to keep follows
     * from the outcome: unchanged after {@link CounterRate.NotNewer}, else the new value, width and
     * time, latched since {@link CounterRate.Saturated#since()} or not at all.
     *
     * @param previousWide whether the baseline was a 64-bit value of this counter
     * @param previousAt   collection time of the baseline, null when there is none (the other
     *                     {@code previous} arguments are then ignored)
     * @param wide         whether the new value is a 64-bit one (PortCountersExtended)
     */
    static CounterRate outcome(PortCounter counter, long previousValue, boolean previousWide, Instant previousAt,
                               Instant previousSaturatedSince, long value, boolean wide, Instant at) {
        double perSecond = perSecond(counter, previousValue, previousWide, previousAt, value, wide, at);
        if (!Double.isNaN(perSecond)) {
            return new CounterRate.PerSecond(perSecond);
        }
        if (previousAt != null && !at.isAfter(previousAt)) {
            return NOT_NEWER;
        }
        boolean sameWidth = previousAt != null && counter.maxWhen(previousWide) == counter.maxWhen(wide);
        if (value == counter.maxWhen(wide)) {
            return new CounterRate.Saturated(sameWidth && previousSaturatedSince != null ? previousSaturatedSince : at);
        }
        if (previousAt == null) {
            return FIRST_SAMPLE;
        }
        return sameWidth ? RESET : WIDTH_CHANGED;
    }

    /**
     * The rate {@link #outcome} gives as a {@link CounterRate.PerSecond}, as a primitive, and NaN when it gives another
     * outcome: the live fabric asks this of every counter of every sample, and an object each was a tenth of what the
     * pipeline allocated (docs/PERFORMANCE.md). A rate is never NaN: a delta over a positive time.
     */
    static double perSecond(PortCounter counter, long previousValue, boolean previousWide, Instant previousAt,
                            long value, boolean wide, Instant at) {
        if (previousAt == null || !at.isAfter(previousAt) || value == counter.maxWhen(wide)
                || counter.maxWhen(previousWide) != counter.maxWhen(wide) || Long.compareUnsigned(value, previousValue) < 0) {
            return Double.NaN;
        }
        // Seconds and nanos separately, as Duration.between normalizes them (toNanos() overflows beyond
        // ~292 years), without a Duration per counter and sample.
        long seconds = at.getEpochSecond() - previousAt.getEpochSecond();
        long nanos = at.getNano() - previousAt.getNano();
        if (nanos < 0) {
            seconds--;
            nanos += NANOS_PER_SECOND_LONG;
        }
        return unsignedAsDouble(value - previousValue) / (seconds + nanos / NANOS_PER_SECOND);
    }

    /** The unsigned 64-bit value of {@code v} as a double (Java has no unsigned long to double). */
    static double unsignedAsDouble(long v) {
        if (v >= 0) {
            return v;
        }
        // Halve (keeping the low bit so rounding stays right), convert, double.
        return ((v >>> 1) | (v & 1)) * 2.0;
    }
}
