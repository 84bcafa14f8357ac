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
 * The rate state of one port, updated in place: one baseline per counter and the latest sample's outcome, in
 * primitive arrays that settle in the port's first samples ({@link PackedLongs}: counters at 0 take no room), so a
 * port's memory is fixed whatever the history and a sample leaves nothing
 * behind for the garbage collector to copy (at 50,000 ports a second, every port's per-sample objects were alive
 * at each young collection: docs/PERFORMANCE.md). A baseline is the counter's value in the latest sample that
 * carried it; only a counter the latest sample did not carry (or did not take, being older than the counter's
 * baseline) keeps its own time, and only a counter whose total parted from its value (a clear, a latch, a width
 * change) keeps an offset. Not thread-safe: the caller serializes a port's samples and its reads (the live fabric
 * holds the port's lock); {@link #totals()} copies what exporters read on other threads.
 */
public final class PortRates implements CounterTotals {

    private static final PortCounter[] COUNTERS = PortCounter.values();
    private static final CounterRate FIRST_SAMPLE = new CounterRate.FirstSample();
    private static final long NONE = Long.MIN_VALUE;

    static {
        // Presence and width flags are bits of an int.
        if (COUNTERS.length > Integer.SIZE) {
            throw new ExceptionInInitializerError("more counters than bits in an int: " + COUNTERS.length);
        }
    }

    /** Where the latest rates start among {@link #longs}: the baselines come first, by counter ordinal. */
    private static final int RATES = PackedLongs.COUNTERS;

    /**
     * Per counter ordinal, its baseline value where {@code present} has its bit, and from {@link #RATES} on the
     * latest sample's rates (raw bits) where {@code rated} has it; zeros take no room.
     */
    private long[] longs = PackedLongs.none();
    private int present;
    /** When the latest sample was collected ({@link #NONE} before the first): the time of every baseline not older. */
    private long latestSeconds = NONE;
    private int latestNanos;
    /** Bit per counter ordinal: the baseline was a 64-bit (PortCountersExtended) value. */
    private int wideBits;

    /** The latest sample's outcome: the counters it carried, those with a rate ({@link #longs}), the others' reasons. */
    private int carried;
    private int rated;
    /** Carried counters seen for the first time: no outcome object each (every port's first sample has them all). */
    private int firstBits;
    /**
     * What only a port that met a clear, a latch, a width change or a late counter has: null until then (nearly every
     * port, for good). Four fields of their own were 16 bytes of every port.
     */
    private Rare rare;

    /** Per counter ordinal, what a port keeps once its counters stop being plain: each array null until needed. */
    private static final class Rare {
        /** Counters whose baseline is from an earlier sample than the latest (by ordinal): few ports ever have one. */
        private int olderBits;
        /** When each baseline in {@code olderBits} was collected. */
        private Instant[] olderAt;
        /** What each counter's total adds to its value; null while every offset is 0. */
        private long[] offsets;
        /** Since when each baseline is latched at its maximum; null until a counter latches. */
        private Instant[] saturatedSince;
        /** The outcome of each carried counter without a rate; null until the first such one. */
        private CounterRate[] others;

        Instant[] olderAt() {
            return olderAt == null ? olderAt = new Instant[COUNTERS.length] : olderAt;
        }

        long[] offsets() {
            return offsets == null ? offsets = new long[COUNTERS.length] : offsets;
        }

        Instant[] saturatedSince() {
            return saturatedSince == null ? saturatedSince = new Instant[COUNTERS.length] : saturatedSince;
        }

        CounterRate[] others() {
            return others == null ? others = new CounterRate[COUNTERS.length] : others;
        }
    }

    /**
     * What the latest sample said, counter by counter: a view of the port's state, valid until its next sample
     * (read it right away, as the live fabric does under the port's lock); outcome objects are made when asked.
     */
    public final class Result {

        private Result() {
        }

        /** The sample's raw values, a copy (a counter older than its baseline reads as the baseline). */
        public CounterMap<Long> values() {
            return CounterMap.ofLongBits(PackedLongs.unpacked(longs, 0), carried);
        }

        /** The outcome of {@code counter}, or null when the sample did not carry it. */
        public CounterRate outcome(PortCounter counter) {
            int c = counter.ordinal();
            if ((rated & 1 << c) != 0) {
                return new CounterRate.PerSecond(Double.longBitsToDouble(PackedLongs.get(longs, RATES + c)));
            }
            return outcomeOther(counter);
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

        /** Rates by IBA name in each counter's own unit per second (data counters: 4-byte words/s), a copy. */
        public CounterMap<Double> rates() {
            return CounterMap.ofDoubleBits(PackedLongs.unpacked(longs, RATES), rated);
        }

        /** Counters latched at their maximum by IBA name, with since when. */
        public Map<String, Instant> saturated() {
            Map<String, Instant> saturated = null;
            for (PortCounter counter : COUNTERS) {
                if (outcomeOther(counter) instanceof CounterRate.Saturated(Instant since)) {
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
            return outcomeOther(counter) instanceof CounterRate.Saturated;
        }

        /** Whether any counter went down in this interval (cleared or reset). */
        public boolean hasResets() {
            for (PortCounter counter : COUNTERS) {
                if (outcomeOther(counter) instanceof CounterRate.Reset) {
                    return true;
                }
            }
            return false;
        }

        /** The counters that went down in this interval (cleared or reset), in {@link PortCounter} order. */
        public List<PortCounter> resets() {
            List<PortCounter> resets = new ArrayList<>();
            for (PortCounter counter : COUNTERS) {
                if (outcomeOther(counter) instanceof CounterRate.Reset) {
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
            return (rated & 1 << c) == 0 ? Double.NaN : Double.longBitsToDouble(PackedLongs.get(longs, RATES + c));
        }

        /** The reason a carried counter has no rate; null when it has one or was not carried. */
        private CounterRate outcomeOther(PortCounter counter) {
            int c = counter.ordinal();
            if ((firstBits & 1 << c) != 0) {
                return FIRST_SAMPLE;
            }
            return ((carried & ~rated) & 1 << c) == 0 ? null : rare.others[c];
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
                int c = counter.ordinal();
                rates.put(c, values.longAt(counter));
                rates.keep(c, counter.wide(width), saturatedSince.get(counter.ibaName()));
            }
        }
        rates.takeTime(values.presentBits(), at, null);
        return rates;
    }

    /**
     * Takes one sample of the port.
     *
     * @param counters raw values by IBA name (names that are not IBA counters are ignored; the ingest
     *                 validation has rejected them before)
     * @param width    which counters are 64-bit in this sample: it decides where each one latches
     * @param at       collection time of the sample
     * @return the sample's outcome, valid until the next sample
     */
    public Result update(Map<String, Long> counters, CounterWidth width, Instant at) {
        // Ingest reads the wire into a CounterMap, taken as it is: read by ordinal, without a box each.
        CounterMap<Long> sample = CounterMap.ofLongs(counters);
        Instant latestAt = latestAt();
        carried = sample.presentBits();
        reserveFor(sample);
        rated = 0;
        firstBits = 0;
        int taken = 0;
        for (PortCounter counter : COUNTERS) {
            int c = counter.ordinal();
            if ((carried & 1 << c) == 0) {
                continue;
            }
            long value = sample.longAt(counter);
            boolean wide = counter.wide(width);
            Instant previousAt = baselineAt(c, latestAt);
            long previousValue = previousAt == null ? 0 : PackedLongs.get(longs, c);
            boolean previousWide = (wideBits & (1 << c)) != 0;
            double perSecond = CounterRates.perSecond(counter, previousValue, previousWide, previousAt, value, wide, at);
            CounterRate other = null;
            if (Double.isNaN(perSecond)) {
                other = CounterRates.outcome(counter, previousValue, previousWide, previousAt,
                        latchedSince(c), value, wide, at);
                if (other instanceof CounterRate.FirstSample) {
                    firstBits |= 1 << c;
                } else {
                    rare().others()[c] = other;
                }
            } else {
                put(RATES + c, Double.doubleToRawLongBits(perSecond));
                rated |= 1 << c;
            }
            if (!(other instanceof CounterRate.NotNewer)) {
                taken |= 1 << c;
                // The total grows by exactly the delta a rate was made of; a first value is its own total, and a
                // reset, a latched or a width-changed interval adds nothing: the offset takes up the difference.
                long offset = previousAt == null ? 0 : other == null ? offset(c) : total(c) - value;
                if (offset != 0 || offset(c) != 0) {
                    rare().offsets()[c] = offset;
                }
                put(c, value);
                keep(c, wide, other instanceof CounterRate.Saturated(Instant since) ? since : null);
            }
        }
        if (taken != 0) {
            takeTime(taken, at, latestAt);
        }
        return new Result();
    }

    /**
     * Slots for what this sample will store, in one allocation each: values other than 0, and rates of counters that
     * moved (a port's first two samples would otherwise grow each array once per counter).
     */
    private void reserveFor(CounterMap<Long> sample) {
        int moved = 0;
        for (int c = 0; c < COUNTERS.length; c++) {
            if ((carried & present & 1 << c) != 0 && sample.longAt(COUNTERS[c]) != PackedLongs.get(longs, c)) {
                moved |= 1 << c;
            }
        }
        keepLongs(PackedLongs.reserve(longs, sample.nonZeroBits() | (long) moved << RATES));
    }

    private void put(int index, long value) {
        keepLongs(PackedLongs.set(longs, index, value));
    }

    /** Stores the packed array only when it is another: a reference store dirties a card for the young collections. */
    private void keepLongs(long[] packed) {
        if (packed != longs) {
            longs = packed;
        }
    }

    /**
     * The counters in {@code taken} are from {@code at} now; every other baseline keeps its own time. The latest
     * time is kept as primitives: a reference to the sample's (young) time stored into this long-lived state each
     * sample was one more card and object for every young collection.
     */
    private void takeTime(int taken, Instant at, Instant latestAt) {
        int older = present & ~taken;
        if (older != 0 && latestAt != null) {
            Instant[] olderAt = rare().olderAt();
            for (int c = 0; c < COUNTERS.length; c++) {
                if ((older & ~olderBits() & 1 << c) != 0) {
                    olderAt[c] = latestAt;
                }
            }
        }
        if (older != 0 || rare != null) {
            rare().olderBits = older;
        }
        present |= taken;
        latestSeconds = at.getEpochSecond();
        latestNanos = at.getNano();
    }

    /** When the latest sample that was taken was collected: the time of every baseline not in {@code olderBits}. */
    private Instant latestAt() {
        return latestSeconds == NONE ? null : Instant.ofEpochSecond(latestSeconds, latestNanos);
    }

    /** The baseline's collection time, null when the counter has none. */
    private Instant baselineAt(int c, Instant latestAt) {
        if ((present & 1 << c) == 0) {
            return null;
        }
        return (olderBits() & 1 << c) != 0 ? rare.olderAt[c] : latestAt;
    }

    private int olderBits() {
        return rare == null ? 0 : rare.olderBits;
    }

    private Rare rare() {
        if (rare == null) {
            rare = new Rare();
        }
        return rare;
    }

    /** Since when counter {@code c}'s baseline is latched at its maximum, null when it is not. */
    private Instant latchedSince(int c) {
        return rare == null || rare.saturatedSince == null ? null : rare.saturatedSince[c];
    }

    private long offset(int c) {
        return rare == null || rare.offsets == null ? 0 : rare.offsets[c];
    }

    private long total(int c) {
        return (present & 1 << c) == 0 ? 0 : PackedLongs.get(longs, c) + offset(c);
    }

    /** The latest sample's outcome, valid until the next sample; nothing carried before the first. */
    public Result latest() {
        return new Result(); // made when asked: one kept per port was 16 bytes of each
    }

    @Override
    public boolean has(PortCounter counter) {
        return (present & 1 << counter.ordinal()) != 0;
    }

    @Override
    public long total(PortCounter counter) {
        return total(counter.ordinal());
    }

    /** The totals as they are now, a copy for readers on other threads (exporters). */
    public CounterTotals totals() {
        long[] totals = new long[COUNTERS.length];
        for (int c = 0; c < COUNTERS.length; c++) {
            totals[c] = total(c);
        }
        return new Totals(totals, present);
    }

    private record Totals(long[] totals, int present) implements CounterTotals {

        @Override
        public boolean has(PortCounter counter) {
            return (present & 1 << counter.ordinal()) != 0;
        }

        @Override
        public long total(PortCounter counter) {
            return totals[counter.ordinal()];
        }
    }

    private void keep(int counter, boolean wide, Instant latchedSince) {
        if (latchedSince != null || latchedSince(counter) != null) {
            rare().saturatedSince()[counter] = latchedSince;
        }
        wideBits = wide ? wideBits | (1 << counter) : wideBits & ~(1 << counter);
    }
}
