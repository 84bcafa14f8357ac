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
 * The rate state of one port: one baseline per counter, so its memory is fixed whatever the history. A baseline
 * is the counter's value in the latest sample that carried it, and almost always that is the port's latest
 * sample: the state keeps that sample's own {@link CounterMap} (the port's view holds it anyway) and its time,
 * not a copy. Only a counter the latest sample did not carry (or did not take, being older than the counter's
 * baseline) keeps its own value and time, and only a counter whose total parted from its value (a clear, a latch,
 * a width change) keeps an offset: a healthy port's state is two small objects (docs/PERFORMANCE.md). Not
 * thread-safe for updates: the caller serializes the samples of one port (the live fabric updates a port inside
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

    /**
     * Every baseline and total, replaced as a whole by each update: exporters read totals on other threads without
     * a lock, and a value and its offset must come from the same update (else a clear could read as a decrease).
     */
    private volatile Baselines baselines = Baselines.NONE;
    /**
     * Per counter ordinal, since when the baseline is latched at its maximum; null while it is not. Null as a whole
     * until a counter of the port latches (hardly any ever does): 104 bytes of every port otherwise.
     */
    private Instant[] saturatedSince;
    /** Bit per counter ordinal: the baseline was a 64-bit (PortCountersExtended) value. */
    private int wideBits;

    /**
     * The baselines: the latest sample's counters, except those in {@code olderBits}, whose own earlier value and
     * time are in {@code olderValues}/{@code olderAt} (by ordinal; null while there are none). A counter's {@link
     * CounterTotals total} is its value plus its offset; {@code offsetBits} says which counters have one, in ordinal
     * order in {@code offsets}. Immutable.
     */
    private record Baselines(CounterMap<Long> latest, Instant latestAt, int olderBits, long[] olderValues,
                             Instant[] olderAt, int offsetBits, long[] offsets) {

        static final Baselines NONE = new Baselines(null, null, 0, null, null, 0, null);

        int bits() {
            return (latest == null ? 0 : latest.presentBits()) | olderBits;
        }

        boolean has(int c) {
            return (bits() & 1 << c) != 0;
        }

        long value(int c) {
            return (olderBits & 1 << c) != 0 ? olderValues[c] : latest.longAt(COUNTERS[c]);
        }

        /** The baseline's collection time, null when the counter has none. */
        Instant at(int c) {
            if ((olderBits & 1 << c) != 0) {
                return olderAt[c];
            }
            return latest != null && latest.has(COUNTERS[c]) ? latestAt : null;
        }

        long offset(int c) {
            return (offsetBits & 1 << c) == 0 ? 0 : offsets[Integer.bitCount(offsetBits & ((1 << c) - 1))];
        }

        long total(int c) {
            return has(c) ? value(c) + offset(c) : 0;
        }

        /**
         * After a sample of {@code values} at {@code at} of which the counters in {@code taken} were taken: they
         * are the baselines now, with the offsets in {@code newOffsets} (by ordinal, for the taken counters; null
         * when all are 0); every other counter keeps its own.
         */
        Baselines after(CounterMap<Long> values, Instant at, int taken, long[] newOffsets) {
            int older = bits() & ~taken;
            long[] keptValues = null;
            Instant[] keptAt = null;
            if (older != 0) {
                keptValues = new long[COUNTERS.length];
                keptAt = new Instant[COUNTERS.length];
                for (int c = 0; c < COUNTERS.length; c++) {
                    if ((older & 1 << c) != 0) {
                        keptValues[c] = value(c);
                        keptAt[c] = at(c);
                    }
                }
            }
            int bits = 0;
            for (int c = 0; c < COUNTERS.length; c++) {
                if (offsetAfter(c, taken, newOffsets) != 0) {
                    bits |= 1 << c;
                }
            }
            long[] packed = bits == 0 ? null : new long[Integer.bitCount(bits)];
            for (int c = 0, k = 0; c < COUNTERS.length; c++) {
                if ((bits & 1 << c) != 0) {
                    packed[k++] = offsetAfter(c, taken, newOffsets);
                }
            }
            return new Baselines(values, at, older, keptValues, keptAt, bits, packed);
        }

        private long offsetAfter(int c, int taken, long[] newOffsets) {
            if ((taken & 1 << c) == 0) {
                return offset(c);
            }
            return newOffsets == null ? 0 : newOffsets[c];
        }
    }

    /**
     * What one sample of the port said, counter by counter: the rates as primitives (the very array the port's
     * view keeps as its rates), every other outcome only for the counters that had one (most samples have none).
     * Outcome objects are made when asked.
     */
    public static final class Result {

        /** Per counter ordinal, its rate's raw bits where {@code rated} has its bit. */
        private final long[] rateBits;
        private final int rated;
        /** Per counter ordinal, its outcome when it is not a rate; null when every carried counter has a rate. */
        private final CounterRate[] others;
        private final CounterMap<Long> values;
        private CounterMap<Double> rates;

        private Result(long[] rateBits, int rated, CounterRate[] others, CounterMap<Long> values) {
            this.rateBits = rateBits;
            this.rated = rated;
            this.others = others;
            this.values = values;
        }

        /** The sample's raw values, the very map the port's baselines now hold: a view keeps it, not a copy. */
        public CounterMap<Long> values() {
            return values;
        }

        /** The outcome of {@code counter}, or null when the sample did not carry it. */
        public CounterRate outcome(PortCounter counter) {
            int c = counter.ordinal();
            if ((rated & 1 << c) != 0) {
                return new CounterRate.PerSecond(Double.longBitsToDouble(rateBits[c]));
            }
            return others == null ? null : others[c];
        }

        /** The outcome of every counter present in the sample, in {@link PortCounter} order. */
        public Map<PortCounter, CounterRate> outcomes() {
            Map<PortCounter, CounterRate> all = new EnumMap<>(PortCounter.class);
            for (PortCounter counter : COUNTERS) {
                CounterRate outcome = outcome(counter);
                if (outcome != null) {
                    all.put(counter, outcome);
                }
            }
            return Collections.unmodifiableMap(all);
        }

        /** Rates by IBA name in each counter's own unit per second (data counters: 4-byte words/s). */
        public CounterMap<Double> rates() {
            if (rates == null) {
                rates = CounterMap.ofDoubleBits(rateBits, rated);
            }
            return rates;
        }

        /** Counters latched at their maximum by IBA name, with since when. */
        public Map<String, Instant> saturated() {
            if (others == null) {
                return Map.of();
            }
            Map<String, Instant> saturated = null;
            for (PortCounter counter : COUNTERS) {
                if (others[counter.ordinal()] instanceof CounterRate.Saturated(Instant since)) {
                    if (saturated == null) {
                        saturated = new LinkedHashMap<>();
                    }
                    saturated.put(counter.ibaName(), since);
                }
            }
            return saturated == null ? Map.of() : Collections.unmodifiableMap(saturated);
        }

        /** Whether {@code counter} is latched at its maximum in this sample. */
        public boolean isSaturated(PortCounter counter) {
            return others != null && others[counter.ordinal()] instanceof CounterRate.Saturated;
        }

        /** Whether any counter went down in this interval (cleared or reset). */
        public boolean hasResets() {
            if (others != null) {
                for (CounterRate outcome : others) {
                    if (outcome instanceof CounterRate.Reset) {
                        return true;
                    }
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
                if (others[counter.ordinal()] instanceof CounterRate.Reset) {
                    resets.add(counter);
                }
            }
            return List.copyOf(resets);
        }

        /** The rate of {@code counter} per second, or null when this interval has none. */
        public Double rate(PortCounter counter) {
            double perSecond = perSecond(counter);
            return Double.isNaN(perSecond) ? null : perSecond;
        }

        /** The rate of {@code counter} per second, NaN when this interval has none (a rate is never NaN). */
        public double perSecond(PortCounter counter) {
            int c = counter.ordinal();
            return (rated & 1 << c) == 0 ? Double.NaN : Double.longBitsToDouble(rateBits[c]);
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
        CounterMap<Long> values = CounterMap.ofLongs(counters);
        for (PortCounter counter : COUNTERS) {
            if (values.has(counter)) {
                rates.keep(counter.ordinal(), counter.wide(width), saturatedSince.get(counter.ibaName()));
            }
        }
        rates.baselines = Baselines.NONE.after(values, at, values.presentBits(), null);
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
        Baselines before = baselines;
        long[] rateBits = new long[COUNTERS.length];
        int rated = 0;
        CounterRate[] others = null; // by ordinal, allocated for the first counter without a rate
        long[] offsets = null; // by ordinal, allocated for the first counter whose total parts from its value
        int taken = 0;
        for (PortCounter counter : COUNTERS) {
            if (!values.has(counter)) {
                continue;
            }
            long value = values.longAt(counter);
            int c = counter.ordinal();
            boolean wide = counter.wide(width);
            Instant previousAt = before.at(c);
            long previousValue = previousAt == null ? 0 : before.value(c);
            boolean previousWide = (wideBits & (1 << c)) != 0;
            double perSecond = CounterRates.perSecond(counter, previousValue, previousWide, previousAt, value, wide, at);
            CounterRate other = null;
            if (Double.isNaN(perSecond)) {
                other = CounterRates.outcome(counter, previousValue, previousWide, previousAt,
                        saturatedSince == null ? null : saturatedSince[c], value, wide, at);
                if (others == null) {
                    others = new CounterRate[COUNTERS.length];
                }
                others[c] = other;
            } else {
                rateBits[c] = Double.doubleToRawLongBits(perSecond);
                rated |= 1 << c;
            }
            if (!(other instanceof CounterRate.NotNewer)) {
                taken |= 1 << c;
                // The total grows by exactly the delta a rate was made of; a first value is its own total, and a
                // reset, a latched or a width-changed interval adds nothing: the offset takes up the difference.
                long offset = previousAt == null ? 0 : other == null ? before.offset(c) : before.total(c) - value;
                if (offset != 0) {
                    if (offsets == null) {
                        offsets = new long[COUNTERS.length];
                    }
                    offsets[c] = offset;
                }
                keep(c, wide, other instanceof CounterRate.Saturated(Instant since) ? since : null);
            }
        }
        if (taken != 0) {
            baselines = before.after(values, at, taken, offsets);
        }
        return new Result(rateBits, rated, others, values);
    }

    @Override
    public boolean has(PortCounter counter) {
        return baselines.has(counter.ordinal());
    }

    @Override
    public long total(PortCounter counter) {
        return baselines.total(counter.ordinal());
    }

    private void keep(int counter, boolean wide, Instant latchedSince) {
        if (latchedSince != null && saturatedSince == null) {
            saturatedSince = new Instant[COUNTERS.length];
        }
        if (saturatedSince != null) {
            saturatedSince[counter] = latchedSince;
        }
        wideBits = wide ? wideBits | (1 << counter) : wideBits & ~(1 << counter);
    }
}
