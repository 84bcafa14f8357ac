package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;

import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The 1 min, 5 min, 1 h and 24 h windows of one port in bounded memory (docs/PERFORMANCE.md): three rings
 * of buckets holding, per counter that has grown since the port was first seen, how much it grew, plus per
 * bucket the seconds covered by valid deltas and which counters were seen or latched. A counter that never
 * grew has no column: on a real fabric most of a port's 21 counters are error counters that stay at zero,
 * and a column was 18 floats (72 B) per port, 1.5 KB for all 21 (a quarter of a tracked port's heap at
 * 200,000 ports when every counter had one).
 *
 * <p>Each ring's newest bucket, the one samples add to, is a float (two chars after the closed buckets, in the same
 * array: an array of its own was 24 bytes of every port more); once a ring moves on, its closed buckets
 * keep their increases in 16 bits ({@link #pack}: 11 significant bits, so a closed bucket is exact up to 2,048
 * and within 0.05 % above, far finer than a 1 h or 24 h average is read), in rings of their own one bucket shorter
 * (the open bucket has no packed place). A column is then 15 x 2 + 3 x 4 bytes instead of 18 x 4. An interval that
 * reaches back into a closed bucket (one crossing a bucket's end) adds to it once, rounding once.
 *
 * <p>The seconds a bucket covers take no column while every interval so far followed the one before without a reset
 * (a port polled steadily, nearly every port for good): they are then the bucket's overlap with the time from the
 * first interval's start to the latest one's end. The first interval that leaves a hole (a reset, a sample missing
 * between two, an overlap) gives them a column, kept as the increases are, filled with what they were until then:
 * 42 bytes a port saved, a tenth of a busy port's windows.
 *
 * <table>
 *   <caption>rings</caption>
 *   <tr><th>ring</th><th>buckets</th><th>answers</th></tr>
 *   <tr><td>0</td><td>6 x 1 min</td><td>1 min, 5 min</td></tr>
 *   <tr><td>1</td><td>5 x 15 min</td><td>1 h</td></tr>
 *   <tr><td>2</td><td>7 x 4 h</td><td>24 h</td></tr>
 * </table>
 *
 * <p>Each ring holds one bucket more than its longest window needs, because a window rarely starts on
 * a bucket boundary: the oldest bucket it touches counts with the share of it inside the window
 * (its increase assumed even over the bucket). That is the whole approximation; the newest buckets
 * count fully. An interval between two samples is spread over the buckets it overlaps in proportion
 * to time, so a long gap between samples lands where it happened, and what lies beyond a ring's reach
 * is dropped.
 *
 * <p>Rules: an interval in which any counter was reset (cleared) contributes nothing, neither
 * increases nor covered seconds; a counter latched at its maximum marks the buckets it touches, and a
 * window containing such a bucket reports that counter as saturated with no rate; an interval not
 * newer than the latest recorded one is ignored (out of order). Counters share the covered seconds of
 * their port: a counter that had no delta in an interval the others had (it switched between 32 and
 * 64 bits, or appeared late) reads slightly low for windows containing that interval.
 *
 * <p>Thread-safe: recording (ingest) and reading (API, alerting) synchronize on the instance.
 */
public final class WindowBuckets {

    private static final PortCounter[] COUNTERS = PortCounter.values();
    private static final int COUNTER_COUNT = COUNTERS.length;
    private static final long[] BUCKET_MILLIS = {60_000L, 15 * 60_000L, 4 * 3_600_000L};
    private static final int[] BUCKETS = {6, 5, 7};
    private static final int[] FIRST_SLOT = {0, 6, 11};
    private static final int SLOTS = 18;
    /** Where each ring's closed buckets start among the packed ones: a ring keeps one fewer than its buckets. */
    private static final int[] FIRST_CLOSED = {0, 5, 9};
    private static final int CLOSED_SLOTS = 15;
    private static final int CHARS_PER_FLOAT = 2;
    private static final long NONE = Long.MIN_VALUE;
    private static final long KEPT = Long.MAX_VALUE;
    /** A port with no columns yet keeps no values: one of its own was 56 bytes of every port that never moved. */
    private static final char[] NO_VALUES = new char[0];
    private static final double MILLIS_PER_SECOND = 1_000.0;

    /** Above the counters' bits in {@link #seenAlways}. */
    private static final int SEEN_ANY = 1 << 30;
    private static final int SEEN_KEPT = 1 << 31;

    static {
        // Seen/latched flags are bits of an int per bucket, below SEEN_ANY and SEEN_KEPT.
        if (COUNTER_COUNT > Integer.SIZE - 2) {
            throw new ExceptionInInitializerError("more counters than bits in an int: " + COUNTER_COUNT);
        }
    }

    /** Packed increases start at 2^-14 of a count (the float exponent 127 - 14): smaller ones are 0. */
    private static final int PACKED_EXPONENT_BIAS = 127 - 14;
    private static final int MANTISSA_BITS_DROPPED = 23 - 10;
    private static final int LARGEST_PACKED = 0xFFFF;

    /** The counters that have a column, as bits by ordinal; columns in ordinal order, after the covered seconds' if kept. */
    private int columns;
    /**
     * The start of the first interval that covered time, while the covered seconds follow from it ({@link #NONE}
     * before that interval); {@link #KEPT} once they have a column of their own (value 0 of every bucket).
     */
    private long coveredFrom = NONE;
    /**
     * Closed bucket b of ring t (one of the ring's older buckets) at {@code closedSlot(t, b) * stride()}, {@link #pack
     * packed}: the seconds it covers once they are kept, then the increase of the counter in column k at
     * {@code + firstCounter() + k}. After the
     * {@link #CLOSED_SLOTS} closed buckets, the newest bucket of each ring, alike, each value a float in two chars
     * ({@link #openAt}).
     */
    private char[] values = NO_VALUES;
    /**
     * Per bucket slot, which counters had a rate in it (from 0, once {@link #SEEN_KEPT}) and which latched (from {@link
     * #SLOTS}); null until either is kept: nearly every port, for good, never latches, and every interval it sees has the
     * same counters ({@link #seenAlways} then stands for every bucket with covered time): 144 bytes a port saved.
     */
    private int[] flags;
    /**
     * The counters every interval so far had a rate for, while the buckets' own are not kept; above them {@link
     * #SEEN_ANY} once an interval was seen and {@link #SEEN_KEPT} once the buckets keep their own (a field each was
     * 8 bytes a port with the padding).
     */
    private int seenAlways;
    /** End of the latest recorded interval, NONE before the first; each ring's newest bucket is the one holding it. */
    private long latestMillis = NONE;

    /**
     * Records what the port did between two samples.
     *
     * @param from   collection time of the previous sample
     * @param to     collection time of this sample
     * @param result the rate engine's outcome of this sample
     */
    public synchronized void record(Instant from, Instant to, PortRates.Result result) {
        long start = from.toEpochMilli();
        long end = to.toEpochMilli();
        if (end <= start || (latestMillis != NONE && end <= latestMillis)) {
            return;
        }
        long before = latestMillis;
        if (coveredFrom != KEPT && coveredFrom != NONE && (result.hasResets() || start != before)) {
            keepCoverage(); // a hole from now on: what was covered so far becomes a column
        } else if (coveredFrom == NONE && !result.hasResets()) {
            coveredFrom = start;
        }
        latestMillis = end;
        for (int tier = 0; tier < BUCKETS.length; tier++) {
            advance(tier, newest(tier, before), newest(tier, end));
        }
        if (result.hasResets()) {
            return;
        }
        double seconds = (end - start) / MILLIS_PER_SECOND;
        int seenNow = 0;
        int latchedNow = 0;
        for (PortCounter counter : COUNTERS) {
            int c = counter.ordinal();
            double perSecond = result.perSecond(counter);
            if (!Double.isNaN(perSecond)) {
                seenNow |= 1 << c;
                if (perSecond != 0 && (columns & 1 << c) == 0) {
                    addColumn(c);
                }
            } else if (result.isSaturated(counter)) {
                latchedNow |= 1 << c;
            }
        }
        if (!seenKept() && seenAny() && seenNow != seenAlwaysCounters()) {
            // Before this interval adds covered time: the buckets covered so far saw seenAlways, the others nothing.
            int always = seenAlwaysCounters();
            int[] seen = flags();
            seenAlways |= SEEN_KEPT;
            for (int tier = 0; tier < BUCKETS.length; tier++) {
                long newest = newest(tier, end);
                for (long bucket = newest - BUCKETS[tier] + 1; bucket <= newest; bucket++) {
                    seen[slot(tier, bucket)] = covered(tier, bucket, newest, before) > 0 ? always : 0;
                }
            }
        } else if (!seenKept()) {
            seenAlways = seenNow | SEEN_ANY;
        }
        for (int tier = 0; tier < BUCKETS.length; tier++) {
            spread(tier, start, end, result, seconds, seenNow, latchedNow);
        }
    }

    /** Gives counter {@code c} a column of zeros, in ordinal order among the others. */
    private void addColumn(int c) {
        insertColumn(firstCounter() + column(c));
        columns |= 1 << c;
    }

    /**
     * Gives the covered seconds a column, filled with what the intervals so far covered (one run, from {@link
     * #coveredFrom} to the latest end): from now on they are kept as the increases are.
     */
    private void keepCoverage() {
        insertColumn(0);
        long coveredTo = latestMillis;
        long from = coveredFrom;
        coveredFrom = KEPT;
        int stride = stride();
        for (int tier = 0; tier < BUCKETS.length; tier++) {
            long newest = newest(tier, coveredTo);
            for (long bucket = newest - BUCKETS[tier] + 1; bucket <= newest; bucket++) {
                float seconds = overlapSeconds(tier, bucket, from, coveredTo);
                if (bucket == newest) {
                    setOpen(tier, stride, 0, seconds);
                } else {
                    values[closedSlot(tier, bucket) * stride] = pack(seconds);
                }
            }
        }
    }

    /** Makes room for a new column of zeros at value {@code at} of every bucket. */
    private void insertColumn(int at) {
        int stride = stride();
        char[] wider = new char[(CLOSED_SLOTS + CHARS_PER_FLOAT * BUCKETS.length) * (stride + 1)];
        for (int slot = 0; slot < CLOSED_SLOTS; slot++) {
            System.arraycopy(values, slot * stride, wider, slot * (stride + 1), at);
            System.arraycopy(values, slot * stride + at, wider, slot * (stride + 1) + at + 1, stride - at);
        }
        for (int tier = 0; tier < BUCKETS.length; tier++) {
            int from = openAt(tier, stride, 0);
            int to = openAt(tier, stride + 1, 0);
            System.arraycopy(values, from, wider, to, CHARS_PER_FLOAT * at);
            System.arraycopy(values, from + CHARS_PER_FLOAT * at, wider, to + CHARS_PER_FLOAT * (at + 1),
                    CHARS_PER_FLOAT * (stride - at));
        }
        values = wider;
    }

    /** The column counter {@code c} has or would have: how many counters before it have one. */
    private int column(int c) {
        return Integer.bitCount(columns & ((1 << c) - 1));
    }

    /** Values a bucket keeps: its covered seconds if {@link #KEPT} and one per counter's column. */
    private int stride() {
        return firstCounter() + Integer.bitCount(columns);
    }

    /** The value of a bucket where the counters' columns start: after the covered seconds', if they have one. */
    private int firstCounter() {
        return coveredFrom == KEPT ? 1 : 0;
    }

    /**
     * The seconds bucket {@code bucket} of ring {@code tier} covers, its ring's newest being {@code newest}, with the
     * intervals recorded up to {@code coveredTo} (the latest end, or the one before while an interval is recorded).
     */
    private float covered(int tier, long bucket, long newest, long coveredTo) {
        if (coveredFrom == KEPT) {
            return value(tier, bucket, newest, stride(), 0);
        }
        return coveredFrom == NONE ? 0f : overlapSeconds(tier, bucket, coveredFrom, coveredTo);
    }

    /** How many seconds of bucket {@code bucket} of ring {@code tier} lie between {@code from} and {@code to}. */
    private static float overlapSeconds(int tier, long bucket, long from, long to) {
        long length = BUCKET_MILLIS[tier];
        long overlap = Math.min(to, (bucket + 1) * length) - Math.max(from, bucket * length);
        return overlap <= 0 ? 0f : (float) (overlap / MILLIS_PER_SECOND);
    }

    /** Value {@code k} of bucket {@code bucket} of ring {@code tier}, its newest {@code newest}: open or unpacked. */
    private float value(int tier, long bucket, long newest, int stride, int k) {
        return bucket == newest ? open(tier, stride, k) : unpack(values[closedSlot(tier, bucket) * stride + k]);
    }

    /** Where value {@code k} of ring {@code tier}'s newest bucket starts: two chars, the float's high bits first. */
    private static int openAt(int tier, int stride, int k) {
        return CLOSED_SLOTS * stride + CHARS_PER_FLOAT * (tier * stride + k);
    }

    private float open(int tier, int stride, int k) {
        int at = openAt(tier, stride, k);
        return Float.intBitsToFloat(values[at] << Character.SIZE | values[at + 1]);
    }

    private void setOpen(int tier, int stride, int k, float value) {
        int at = openAt(tier, stride, k);
        int bits = Float.floatToRawIntBits(value);
        values[at] = (char) (bits >>> Character.SIZE);
        values[at + 1] = (char) bits;
    }

    /**
     * The port over {@code window}, ending at {@code now} or at the latest recorded sample if that is
     * later (an agent's clock ahead of the server's must not put samples outside their own window).
     */
    public synchronized WindowRates window(RateWindow window, Instant now, LinkContext link) {
        long end = Math.max(now.toEpochMilli(), latestMillis);
        long start = end - window.length().toMillis();
        int tier = window.tier();
        double covered = 0;
        double[] grew = new double[COUNTER_COUNT];
        int seenIn = 0;
        int latchedIn = 0;
        long newest = newest(tier, latestMillis);
        if (newest != NONE) {
            long length = BUCKET_MILLIS[tier];
            long first = Math.max(Math.floorDiv(start, length), newest - BUCKETS[tier] + 1);
            for (long bucket = first; bucket <= newest; bucket++) {
                long bucketEnd = (bucket + 1) * length;
                double weight = Math.min(1.0, (double) (bucketEnd - Math.max(start, bucket * length)) / length);
                if (weight <= 0) {
                    continue;
                }
                int slot = slot(tier, bucket);
                float seconds = covered(tier, bucket, newest, latestMillis);
                covered += weight * seconds;
                int stride = stride();
                for (int c = 0, k = firstCounter(); c < COUNTER_COUNT; c++) {
                    if ((columns & 1 << c) != 0) {
                        grew[c] += weight * value(tier, bucket, newest, stride, k);
                        k++;
                    }
                }
                seenIn |= seenKept() ? flags[slot] : seconds > 0 ? seenAlwaysCounters() : 0;
                latchedIn |= flags == null ? 0 : flags[SLOTS + slot];
            }
        }
        Map<PortCounter, CounterWindow> counters = new EnumMap<>(PortCounter.class);
        for (PortCounter counter : COUNTERS) {
            int bit = 1 << counter.ordinal();
            boolean isLatched = (latchedIn & bit) != 0;
            if ((seenIn & bit) == 0 && !isLatched) {
                continue;
            }
            double increase = grew[counter.ordinal()];
            Double perSecond = isLatched || covered <= 0 ? null : increase / covered;
            counters.put(counter, new CounterWindow(increase, perSecond, isLatched));
        }
        Map<PortCounter, CounterWindow> frozen = Collections.unmodifiableMap(counters);
        DerivedRates derived = DerivedRates.of(counter -> {
            CounterWindow c = frozen.get(counter);
            return c == null || c.perSecond() == null ? Double.NaN : c.perSecond();
        }, link);
        return new WindowRates(window, Instant.ofEpochMilli(end), covered, frozen, derived);
    }

    /** The number (epoch millis / bucket length) of ring {@code tier}'s bucket holding {@code millis}, an interval's end. */
    private static long newest(int tier, long millis) {
        return millis == NONE ? NONE : Math.floorDiv(millis - 1, BUCKET_MILLIS[tier]);
    }

    /** Moves ring {@code tier} on from bucket {@code newest} to {@code bucket}, emptying the buckets it reuses. */
    private void advance(int tier, long newest, long bucket) {
        if (newest != NONE && bucket <= newest) {
            return;
        }
        long firstToClear = newest == NONE ? bucket - BUCKETS[tier] + 1 : Math.max(newest + 1, bucket - BUCKETS[tier] + 1);
        int stride = stride();
        for (long b = firstToClear; b <= bucket; b++) {
            clear(slot(tier, b));
            if (b < bucket) { // the new open bucket has no packed place: its ring's one is the oldest bucket kept
                int at = closedSlot(tier, b) * stride;
                Arrays.fill(values, at, at + stride, (char) 0);
            }
        }
        // The newest bucket closes: packed where the ring still keeps it; the open one starts empty.
        boolean kept = newest != NONE && newest > bucket - BUCKETS[tier];
        for (int k = 0; k < stride; k++) {
            if (kept) {
                values[closedSlot(tier, newest) * stride + k] = pack(open(tier, stride, k));
            }
            setOpen(tier, stride, k, 0f);
        }
    }

    /** Adds the interval's increases ({@code result}'s rates over {@code seconds}) to the buckets of ring {@code tier} it overlaps. */
    private void spread(int tier, long start, long end, PortRates.Result result, double seconds, int seenNow, int latchedNow) {
        long length = BUCKET_MILLIS[tier];
        long newest = newest(tier, end);
        long oldestKept = newest - BUCKETS[tier] + 1;
        long first = Math.max(Math.floorDiv(start, length), oldestKept);
        double interval = end - start;
        for (long bucket = first; bucket <= newest; bucket++) {
            long overlap = Math.min(end, (bucket + 1) * length) - Math.max(start, bucket * length);
            if (overlap <= 0) {
                continue;
            }
            int slot = slot(tier, bucket);
            double share = overlap / interval;
            int stride = stride();
            if (coveredFrom == KEPT) {
                add(tier, bucket, newest, stride, 0, overlap / MILLIS_PER_SECOND);
            }
            for (int c = 0, k = firstCounter(); c < COUNTER_COUNT; c++) {
                if ((columns & 1 << c) != 0) {
                    double perSecond = result.perSecond(COUNTERS[c]);
                    if (perSecond > 0) {
                        add(tier, bucket, newest, stride, k, perSecond * seconds * share);
                    }
                    k++;
                }
            }
            if (seenKept()) {
                flags[slot] |= seenNow;
            }
            if (latchedNow != 0) {
                flags()[SLOTS + slot] |= latchedNow;
            }
        }
    }

    /** Adds {@code amount} to value {@code k} of bucket {@code bucket} of ring {@code tier}, its newest {@code newest}. */
    private void add(int tier, long bucket, long newest, int stride, int k, double amount) {
        if (bucket == newest) {
            setOpen(tier, stride, k, open(tier, stride, k) + (float) amount);
        } else {
            int at = closedSlot(tier, bucket) * stride + k;
            values[at] = pack((float) (unpack(values[at]) + amount));
        }
    }

    /** Empties the flags of the bucket at {@code slot} (its values are emptied where they are kept, open or packed). */
    private void clear(int slot) {
        if (flags != null) {
            flags[slot] = 0;
            flags[SLOTS + slot] = 0;
        }
    }

    private boolean seenKept() {
        return (seenAlways & SEEN_KEPT) != 0;
    }

    private boolean seenAny() {
        return (seenAlways & SEEN_ANY) != 0;
    }

    private int seenAlwaysCounters() {
        return seenAlways & ~(SEEN_ANY | SEEN_KEPT);
    }

    private int[] flags() {
        if (flags == null) {
            flags = new int[2 * SLOTS];
        }
        return flags;
    }

    /**
     * An increase (never negative) in 16 bits: a float's exponent from 2^-14 on (64 binades, up to ~10^15) and the
     * top 10 bits of its mantissa, rounded to the nearest; 0 below 2^-14, the largest above the largest.
     */
    static char pack(float increase) {
        if (!(increase >= 0x1p-14f)) {
            return 0;
        }
        int rounded = (Float.floatToRawIntBits(increase) + (1 << (MANTISSA_BITS_DROPPED - 1))) >>> MANTISSA_BITS_DROPPED;
        return (char) Math.min(LARGEST_PACKED, rounded - (PACKED_EXPONENT_BIAS << 10) + 1);
    }

    /** The increase {@link #pack} kept. */
    static float unpack(char packed) {
        return packed == 0 ? 0f
                : Float.intBitsToFloat((packed - 1 + (PACKED_EXPONENT_BIAS << 10)) << MANTISSA_BITS_DROPPED);
    }

    private static int slot(int tier, long bucket) {
        return FIRST_SLOT[tier] + (int) Math.floorMod(bucket, (long) BUCKETS[tier]);
    }

    /**
     * Where closed bucket {@code bucket} of ring {@code tier} is packed: the ring's closed buckets are the {@code
     * BUCKETS[tier] - 1} before its newest, so they never share a place.
     */
    private static int closedSlot(int tier, long bucket) {
        return FIRST_CLOSED[tier] + (int) Math.floorMod(bucket, (long) BUCKETS[tier] - 1);
    }
}
