package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.PortCounter;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rate state of one port: one baseline per counter, so its memory is fixed whatever the
 * history. The baselines live in arrays, not in an object per counter: a port is sampled every few
 * seconds, so per-counter objects would be allocated at tens of thousands of ports per second and
 * live just long enough for the garbage collector to copy them (docs/PERFORMANCE.md). Not
 * thread-safe: the caller serializes the samples of one port (the live fabric updates a port inside
 * {@code ConcurrentHashMap.compute}).
 */
public final class PortRates implements CounterTotals {

    private static final PortCounter[] COUNTERS = PortCounter.values();

    static {
        // Presence and width flags are bits of an int.
        if (COUNTERS.length > Integer.SIZE) {
            throw new ExceptionInInitializerError("more counters than bits in an int: " + COUNTERS.length);
        }
    }

    /** Per counter ordinal, the baseline's raw value (unsigned). */
    private final long[] baselines = new long[COUNTERS.length];
    /** Per counter ordinal, the baseline's collection time; null while the counter has no baseline. */
    private final Instant[] sampledAt = new Instant[COUNTERS.length];
    /**
     * Per counter ordinal, since when the baseline is latched at its maximum; null while it is not. Null as a whole
     * until a counter of the port latches (hardly any ever does): 104 bytes of every port otherwise.
     */
    private Instant[] saturatedSince;
    /** Bit per counter ordinal: the baseline was a 64-bit (PortCountersExtended) value. */
    private int wideBits;
    /**
     * Per counter ordinal, the {@link CounterTotals total}: the first value seen plus every increase
     * accepted since (unsigned). Written under the caller's serialization, read by exporters on other
     * threads without a lock: a reader sees this sample's total or an earlier one, never a decrease.
     */
    private final long[] totals = new long[COUNTERS.length];

    /**
     * What one sample of the port said, counter by counter. The answers are computed from the
     * outcomes when asked, and only what is asked: most samples have neither resets nor latched
     * counters.
     */
    public static final class Result {

        /** Per counter ordinal, its outcome; null for a counter the sample did not carry. */
        private final CounterRate[] outcomes;
        private CounterMap<Double> rates;

        private Result(CounterRate[] outcomes) {
            this.outcomes = outcomes;
        }

        /** The outcome of {@code counter}, or null when the sample did not carry it. */
        public CounterRate outcome(PortCounter counter) {
            return outcomes[counter.ordinal()];
        }

        /** The outcome of every counter present in the sample, in {@link PortCounter} order. */
        public Map<PortCounter, CounterRate> outcomes() {
            Map<PortCounter, CounterRate> all = new EnumMap<>(PortCounter.class);
            for (PortCounter counter : COUNTERS) {
                if (outcomes[counter.ordinal()] != null) {
                    all.put(counter, outcomes[counter.ordinal()]);
                }
            }
            return Collections.unmodifiableMap(all);
        }

        /** Rates by IBA name in each counter's own unit per second (data counters: 4-byte words/s). */
        public CounterMap<Double> rates() {
            if (rates == null) {
                long[] bits = new long[COUNTERS.length];
                int present = 0;
                for (int c = 0; c < outcomes.length; c++) {
                    if (outcomes[c] instanceof CounterRate.PerSecond(double value)) {
                        bits[c] = Double.doubleToRawLongBits(value);
                        present |= 1 << c;
                    }
                }
                rates = CounterMap.ofDoubleBits(bits, present);
            }
            return rates;
        }

        /** Counters latched at their maximum by IBA name, with since when. */
        public Map<String, Instant> saturated() {
            Map<String, Instant> saturated = null;
            for (PortCounter counter : COUNTERS) {
                if (outcomes[counter.ordinal()] instanceof CounterRate.Saturated(Instant since)) {
                    if (saturated == null) {
                        saturated = new LinkedHashMap<>();
                    }
                    saturated.put(counter.ibaName(), since);
                }
            }
            return saturated == null ? Map.of() : Collections.unmodifiableMap(saturated);
        }

        /** Whether any counter went down in this interval (cleared or reset). */
        public boolean hasResets() {
            for (CounterRate outcome : outcomes) {
                if (outcome instanceof CounterRate.Reset) {
                    return true;
                }
            }
            return false;
        }

        /** The counters that went down in this interval (cleared or reset), in {@link PortCounter} order. */
        public List<PortCounter> resets() {
            if (!hasResets()) {
                return List.of();
            }
            List<PortCounter> resets = new ArrayList<>();
            for (PortCounter counter : COUNTERS) {
                if (outcomes[counter.ordinal()] instanceof CounterRate.Reset) {
                    resets.add(counter);
                }
            }
            return List.copyOf(resets);
        }

        /** The rate of {@code counter} per second, or null when this interval has none. */
        public Double rate(PortCounter counter) {
            return outcomes[counter.ordinal()] instanceof CounterRate.PerSecond(double value) ? value : null;
        }
    }

    /**
     * The rate state a port had after its last accepted sample, rebuilt from a stored copy of that
     * sample (a restarted server, or a second replica, resumes from it instead of starting blind: the
     * next sample then yields the true delta, neither none nor a spike).
     *
     * @param counters       raw values by IBA name, as the sample carried them (unknown names are ignored)
     * @param width          which counters were 64-bit in it
     * @param at             collection time of the sample
     * @param saturatedSince counters latched at their maximum, with since when
     */
    public static PortRates resumedFrom(Map<String, Long> counters, CounterWidth width, Instant at,
                                        Map<String, Instant> saturatedSince) {
        PortRates rates = new PortRates();
        for (PortCounter counter : COUNTERS) {
            Long value = counters.get(counter.ibaName());
            if (value != null) {
                rates.keep(counter.ordinal(), value, counter.wide(width), at, saturatedSince.get(counter.ibaName()));
                rates.totals[counter.ordinal()] = value;
            }
        }
        return rates;
    }

    /**
     * Takes one sample of the port.
     *
     * @param counters raw values by IBA name (names that are not IBA counters are ignored; the ingest
     *                 validation has rejected them before)
     * @param width    which counters are 64-bit in this sample: it decides where each one latches
     * @param at       collection time of the sample
     */
    public Result update(Map<String, Long> counters, CounterWidth width, Instant at) {
        // Ingest reads the wire into a CounterMap, taken as it is: read by ordinal, without a box each.
        CounterMap<Long> values = CounterMap.ofLongs(counters);
        CounterRate[] outcomes = new CounterRate[COUNTERS.length];
        for (PortCounter counter : COUNTERS) {
            if (!values.has(counter)) {
                continue;
            }
            long value = values.longAt(counter);
            int c = counter.ordinal();
            boolean wide = counter.wide(width);
            boolean firstSight = sampledAt[c] == null;
            CounterRate rate = CounterRates.outcome(counter, baselines[c], (wideBits & (1 << c)) != 0, sampledAt[c],
                    saturatedSince == null ? null : saturatedSince[c], value, wide, at);
            outcomes[c] = rate;
            if (!(rate instanceof CounterRate.NotNewer)) {
                if (firstSight) {
                    totals[c] = value;
                } else if (rate instanceof CounterRate.PerSecond) {
                    // Exactly the delta the rate was made of; resets, latched and width-changed intervals add nothing.
                    totals[c] += value - baselines[c];
                }
                keep(c, value, wide, at, rate instanceof CounterRate.Saturated(Instant since) ? since : null);
            }
        }
        return new Result(outcomes);
    }

    @Override
    public boolean has(PortCounter counter) {
        return sampledAt[counter.ordinal()] != null;
    }

    @Override
    public long total(PortCounter counter) {
        return totals[counter.ordinal()];
    }

    private void keep(int counter, long value, boolean wide, Instant at, Instant latchedSince) {
        baselines[counter] = value;
        sampledAt[counter] = at;
        if (latchedSince != null && saturatedSince == null) {
            saturatedSince = new Instant[COUNTERS.length];
        }
        if (saturatedSince != null) {
            saturatedSince[counter] = latchedSince;
        }
        wideBits = wide ? wideBits | (1 << counter) : wideBits & ~(1 << counter);
    }
}
