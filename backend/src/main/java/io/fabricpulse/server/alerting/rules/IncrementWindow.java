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
 * {@value #RATIO_SLOTS} slots plus two (0.45 KB; 0.8 KB at 32 slots, a third of a tracked port's heap budget).
 *
 * <p>The slots are a ring of (time, amounts) in one {@code long[]} that grows as slots are taken: 16 bytes
 * a slot of one amount, where a deque of {@code long[2]} cost about 40 and an object each (a port erroring on
 * every poll held 257 of them per window, ~10 KB; 2.9 million arrays at 200,000 loadgen ports).
 * Not thread-safe: one port's state is only touched by one thread at a time.
 */
public final class IncrementWindow {

    static final int SLOTS = 256;
    static final int RATIO_SLOTS = 16;
    private static final int FIRST_CAPACITY = 4;

    private final Duration span;
    private final long slotMillis;
    private final int maxSlots;
    /** Longs per slot: its time, then one amount (counting) or two (ratio: part, whole). */
    private final int stride;
    /** Slot i of the ring at {@code stride * ((head + i) % capacity)} (its time), its amounts after it. */
    private long[] ring;
    private int head;
    private int size;
    private long sum;
    private long wholeSum;

    private IncrementWindow(Duration span, int maxSlots, int amounts) {
        this.span = span;
        this.slotMillis = Math.max(1, span.toMillis() / maxSlots);
        this.maxSlots = maxSlots;
        this.stride = 1 + amounts;
        this.ring = new long[stride * FIRST_CAPACITY];
    }

    /** A window counting one counter's increments. */
    public IncrementWindow(Duration span) {
        this(span, SLOTS, 1);
    }

    /** A window of a part and its whole ({@link #add(Instant, long, long)}, {@link #sum()}, {@link #wholeSum()}). */
    public static IncrementWindow ratio(Duration span) {
        return new IncrementWindow(span, RATIO_SLOTS, 2);
    }

    public Duration span() {
        return span;
    }

    /** True for a window of a part and its whole. */
    public boolean isRatio() {
        return stride == 3;
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
        if (part > 0 || whole > 0) {
            if (size > 0 && now - ring[index(size - 1)] < slotMillis) {
                ring[index(size - 1) + 1] += part;
                if (stride == 3) {
                    ring[index(size - 1) + 2] += whole;
                }
            } else {
                if (size == capacity()) {
                    grow();
                }
                int slot = index(size);
                ring[slot] = now;
                ring[slot + 1] = part;
                if (stride == 3) {
                    ring[slot + 2] = whole;
                }
                size++;
            }
            sum += part;
            wholeSum += stride == 3 ? whole : 0;
        }
        long oldest = now - span.toMillis();
        while (size > 0 && ring[index(0)] <= oldest) {
            sum -= ring[index(0) + 1];
            wholeSum -= stride == 3 ? ring[index(0) + 2] : 0;
            head = (head + 1) % capacity();
            size--;
        }
        return sum;
    }

    /** The sum over the window as of the latest {@code add} (the part's, in a ratio window). */
    public long sum() {
        return sum;
    }

    /** The whole's sum over the window as of the latest {@code add}; 0 in a counting window. */
    public long wholeSum() {
        return wholeSum;
    }

    /** True when nothing is left in the window: the state may drop it. */
    public boolean isEmpty() {
        return size == 0;
    }

    private int capacity() {
        return ring.length / stride;
    }

    /** Where the {@code i}-th oldest slot's time is. */
    private int index(int i) {
        return stride * ((head + i) % capacity());
    }

    /**
     * Doubles the ring, oldest slot first, up to the slots a window can hold (its maximum a slot's width apart, one
     * more where the span is not a multiple of it, and the one being added): 4.2 KB at most for a counting window.
     */
    private void grow() {
        int capacity = capacity();
        int wider = capacity < maxSlots + 2 ? Math.min(2 * capacity, maxSlots + 2) : 2 * capacity;
        long[] grown = new long[stride * wider];
        for (int i = 0; i < size; i++) {
            System.arraycopy(ring, index(i), grown, stride * i, stride);
        }
        ring = grown;
        head = 0;
    }
}
