package io.fabricpulse.server.rates;

import io.fabricpulse.agent.report.PortCounter;

import java.time.Duration;
import java.time.Instant;

/**
 * The rate rules of INFINIBAND.md for consecutive samples of one (node, port, counter). Pure
 * functions: the caller keeps the returned baseline and passes it back with the next sample.
 *
 * <ul>
 *   <li>rate = delta / Δt, Δt from the samples' collection times;</li>
 *   <li>IBA counters latch at their width's maximum and never wrap: a value at the maximum is
 *       "at least max", reported as {@link CounterRate.Saturated} (remembering since when), never as
 *       a rate, because the true delta is unknown;</li>
 *   <li>a value below the baseline is a clear (ibclearcounters, OpenSM PerfMgr) or a reset: no rate
 *       for that interval, the new value becomes the baseline so the next interval is normal;</li>
 *   <li>a change between 32-bit and 64-bit data/packet counters makes the two values incomparable;</li>
 *   <li>a sample not newer than the baseline (Δt ≤ 0: out of order, or a repeat) is ignored.</li>
 * </ul>
 * Values are unsigned: 64-bit counters above {@link Long#MAX_VALUE} arrive as negative longs.
 */
public final class CounterRates {

    private static final double NANOS_PER_SECOND = 1e9;

    private CounterRates() {
    }

    /** The outcome of one sample and the baseline to keep for the next. */
    public record Step(CounterSample baseline, CounterRate rate) {
    }

    /**
     * @param counter  which counter (decides the width)
     * @param previous the baseline kept from the last step, null for the first sample
     * @param value    the new raw value (unsigned)
     * @param extended whether the port reports 64-bit extended data/packet counters in this sample
     * @param at       collection time of the new sample
     */
    public static Step next(PortCounter counter, CounterSample previous, long value, boolean extended, Instant at) {
        if (previous != null && !at.isAfter(previous.at())) {
            return new Step(previous, new CounterRate.NotNewer());
        }
        boolean sameWidth = previous != null
                && counter.bits(previous.extended()) == counter.bits(extended);
        if (value == counter.max(extended)) {
            Instant since = sameWidth && previous.saturatedSince() != null ? previous.saturatedSince() : at;
            return new Step(new CounterSample(value, extended, at, since), new CounterRate.Saturated(since));
        }
        CounterSample baseline = new CounterSample(value, extended, at, null);
        if (previous == null) {
            return new Step(baseline, new CounterRate.FirstSample());
        }
        if (!sameWidth) {
            return new Step(baseline, new CounterRate.WidthChanged());
        }
        if (Long.compareUnsigned(value, previous.value()) < 0) {
            return new Step(baseline, new CounterRate.Reset());
        }
        Duration interval = Duration.between(previous.at(), at);
        // Seconds and nanos separately: toNanos() overflows for intervals beyond ~292 years.
        double seconds = interval.getSeconds() + interval.getNano() / NANOS_PER_SECOND;
        return new Step(baseline, new CounterRate.PerSecond(unsignedAsDouble(value - previous.value()) / seconds));
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
