package io.fabricpulse.server.alerting.rules;

import java.time.Duration;
import java.time.Instant;

/**
 * The sum of a counter's increments over a sliding window, in bounded memory: increments closer
 * together than 1/{@value #SLOTS} of the window share one slot, so a port erroring every second for
 * hours still holds at most {@value #SLOTS} slots (plus one), and a clean port holds none (windows
 * are created only once something increments). The sum is exact to one slot's width at the edge.
 *
 * <p>A {@link #ratio ratio window} sums two amounts per slot, a part and the whole it is part of (time
 * stalled and time covered): a slot leaves the window whole, for both alike, so their ratio
 * hardly moves with the slots' width, and {@value #RATIO_SLOTS} slots do (a 1 min window of 3.75 s slots). A port
 * stalling on every 1 s poll held two counting windows of ~60 slots each (1.9 KB); one ratio window holds at most
 * {@value #RATIO_SLOTS} slots plus two (0.3 KB).
 *
 * <p>The slots are a ring of two longs each in one {@code long[]} that grows as slots are taken: the slot's time as
 * milliseconds after the window's origin in the high 32 bits and the whole in the low 32 (milliseconds; a counting
 * window's is 0), then the amount (the part). 16 bytes a slot, where a deque of {@code long[2]} cost about 40 and an
 * object each (a port erroring on every poll held 257 of them per window, ~10 KB; 2.9 million arrays at 200,000
 * loadgen ports), and three longs (time, part, whole) 24. A slot's whole stops at 2^32 ms (49 days), far beyond
 * any window; the origin moves on before a time outgrows 31 bits (24 days), so a window spans at most that.
 * Not thread-safe: one port's state is only touched by one thread at a time.
 */
public final class IncrementWindow {

    static final int SLOTS = 256;
    static final int RATIO_SLOTS = 16;
    /**
     * Slots a new window has room for: two, grown by a quarter as slots are taken. XmitWait's 1 min ratio window on a
     * port polled every 30 s holds two or three slots, and four made its ring 16 bytes more than it ever used.
     */
    private static final int FIRST_CAPACITY = 2;
    /** Longs per slot: time and whole, then the amount. */
    private static final int STRIDE = 2;
    private static final long LOW_32 = 0xFFFF_FFFFL;
    /** How far after the origin a slot's time may be before the origin moves on (a signed int's worth). */
    private static final long LATEST_OFFSET = Integer.MAX_VALUE;
    private static final int RATIO = Integer.MIN_VALUE;
    private static final int HEAD_MASK = 0xFFFF;
    private static final int SIZE_SHIFT = 16;

    /** What the rule calls it: a port's state finds its windows by name. */
    private final String name;
    private final Duration span;
    /** Slot i of the ring at {@code STRIDE * ((head + i) % capacity)}: time after the origin and whole, then amount. */
    private long[] ring;
    /**
     * The ring's head (low 16 bits) and size (the 15 above), and whether this is a ratio window (the sign bit): one
     * int for three fields, and the sums are added up when read (at most {@value #SLOTS} + 2 slots, on a port that
     * errs): a window was 56 bytes besides its ring, on every port whose XmitWait moves, and is 32.
     */
    private int shape;
    /** Epoch milliseconds the slots' times count from: the first add's, moved on as the window moves on. */
    private long originMillis;

    private IncrementWindow(String name, Duration span, boolean ratio) {
        if (span.toMillis() > LATEST_OFFSET) {
            throw new IllegalArgumentException("a window spans at most 24 days, not " + span);
        }
        this.name = name;
        this.span = span;
        this.shape = ratio ? RATIO : 0;
        this.ring = new long[STRIDE * FIRST_CAPACITY];
    }

    /** A window counting one counter's increments. */
    public IncrementWindow(String name, Duration span) {
        this(name, span, false);
    }

    /** A window of a part and its whole ({@link #add(Instant, long, long)}, {@link #sum()}, {@link #wholeSum()}). */
    public static IncrementWindow ratio(String name, Duration span) {
        return new IncrementWindow(name, span, true);
    }

    public String name() {
        return name;
    }

    public Duration span() {
        return span;
    }

    /** True for a window of a part and its whole. */
    public boolean isRatio() {
        return (shape & RATIO) != 0;
    }

    /** Adds {@code amount} at {@code at} (times must not go backwards) and returns the sum over the window ending at {@code at}. */
    public long add(Instant at, long amount) {
        if (isRatio()) {
            throw new IllegalStateException("a ratio window takes a part and a whole");
        }
        return add(at, amount, 0);
    }

    /**
     * Adds {@code part} of {@code whole} at {@code at} (times must not go backwards; a ratio window) and returns the
     * part's sum over the window ending at {@code at}; {@link #wholeSum()} is the whole's.
     */
    public long add(Instant at, long part, long whole) {
        long now = at.toEpochMilli();
        // What leaves first: the slot this adds to is never among it, and the times left are within the span.
        long oldest = now - span.toMillis();
        int head = head();
        int size = size();
        while (size > 0 && timeAt(STRIDE * head) <= oldest) {
            head = (head + 1) % capacity();
            size--;
        }
        setShape(head, size);
        if (size == 0) {
            originMillis = now;
        } else if (now - originMillis > LATEST_OFFSET) {
            moveOrigin(oldest);
        }
        if (part > 0 || whole > 0) {
            long kept = isRatio() ? whole : 0;
            if (size > 0 && now - timeAt(index(size - 1)) < slotMillis()) {
                int newest = index(size - 1);
                kept = Math.min(LOW_32 - (ring[newest] & LOW_32), kept);
                ring[newest] += kept;
                ring[newest + 1] += part;
            } else {
                if (size == capacity()) {
                    grow();
                }
                int slot = index(size);
                kept = Math.min(LOW_32, kept);
                ring[slot] = (now - originMillis) << 32 | kept;
                ring[slot + 1] = part;
                setShape(head(), size + 1);
            }
        }
        return sum();
    }

    /** How close increments share a slot (derived, not kept: 8 bytes of every window). */
    private long slotMillis() {
        return Math.max(1, span.toMillis() / maxSlots());
    }

    private int maxSlots() {
        return isRatio() ? RATIO_SLOTS : SLOTS;
    }

    private int head() {
        return shape & HEAD_MASK;
    }

    private int size() {
        return (shape & ~RATIO) >>> SIZE_SHIFT;
    }

    private void setShape(int head, int size) {
        shape = (shape & RATIO) | size << SIZE_SHIFT | head;
    }

    private long timeAt(int slot) {
        return originMillis + (ring[slot] >>> 32);
    }

    /** Counts the slots' times from {@code origin} instead (every slot is newer: they are within the span). */
    private void moveOrigin(long origin) {
        for (int i = 0; i < size(); i++) {
            int slot = index(i);
            ring[slot] = (timeAt(slot) - origin) << 32 | (ring[slot] & LOW_32);
        }
        originMillis = origin;
    }

    /** The sum over the window as of the latest {@code add} (the part's, in a ratio window). */
    public long sum() {
        long sum = 0;
        for (int i = 0; i < size(); i++) {
            sum += ring[index(i) + 1];
        }
        return sum;
    }

    /** The whole's sum over the window as of the latest {@code add}; 0 in a counting window. */
    public long wholeSum() {
        long sum = 0;
        for (int i = 0; i < size(); i++) {
            sum += ring[index(i)] & LOW_32;
        }
        return sum;
    }

    /** True when nothing is left in the window: the state may drop it. */
    public boolean isEmpty() {
        return size() == 0;
    }

    /** How many slots the ring has room for (taken or not). */
    int capacity() {
        return ring.length / STRIDE;
    }

    /** Where the {@code i}-th oldest slot's time is. */
    private int index(int i) {
        return STRIDE * ((head() + i) % capacity());
    }

    /**
     * Widens the ring by a quarter (at least one slot), oldest slot first, up to the slots a window can hold (its
     * maximum a slot's width apart, one more where the span is not a multiple of it, and the one being added): 4.2 KB
     * at most for a counting window. Not doubled: a 1 min ratio window polled every 10 s holds 6 or 7 slots, and a
     * ring of 8 was 16-32 bytes more than they need, on every port whose XmitWait moves.
     */
    private void grow() {
        int capacity = capacity();
        int wider = capacity + Math.max(1, capacity / 4);
        if (capacity < maxSlots() + 2) {
            wider = Math.min(wider, maxSlots() + 2);
        }
        long[] grown = new long[STRIDE * wider];
        int size = size();
        for (int i = 0; i < size; i++) {
            System.arraycopy(ring, index(i), grown, STRIDE * i, STRIDE);
        }
        ring = grown;
        setShape(0, size);
    }
}
