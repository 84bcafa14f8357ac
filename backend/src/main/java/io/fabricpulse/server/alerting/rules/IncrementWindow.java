package io.fabricpulse.server.alerting.rules;

import java.time.Duration;
import java.time.Instant;

/**
 * The sum of a counter's increments over a sliding window, in bounded memory: increments closer
 * together than 1/{@value #SLOTS} of the window share one slot, so a port erroring every second for
 * hours still holds at most {@value #SLOTS} slots (plus one), and a clean port holds none (windows
 * are created only once something increments). The sum is exact to one slot's width at the edge.
 *
 * <p>The slots are a ring of (time, amount) pairs in one {@code long[]} that grows as slots are taken:
 * 16 bytes a slot, where a deque of {@code long[2]} cost about 40 and an object each (a port erroring on
 * every poll held 257 of them per window, ~10 KB; 2.9 million arrays at 200,000 loadgen ports).
 * Not thread-safe: one port's state is only touched by one thread at a time.
 */
public final class IncrementWindow {

    static final int SLOTS = 256;
    private static final int FIRST_CAPACITY = 4;

    private final Duration span;
    private final long slotMillis;
    /** Slot i of the ring at {@code 2 * ((head + i) % capacity)} (its time) and the next index (its amount). */
    private long[] ring = new long[2 * FIRST_CAPACITY];
    private int head;
    private int size;
    private long sum;

    public IncrementWindow(Duration span) {
        this.span = span;
        this.slotMillis = Math.max(1, span.toMillis() / SLOTS);
    }

    public Duration span() {
        return span;
    }

    /** Adds {@code amount} at {@code at} (times must not go backwards) and returns the sum over the window ending at {@code at}. */
    public long add(Instant at, long amount) {
        long now = at.toEpochMilli();
        if (amount > 0) {
            if (size > 0 && now - ring[index(size - 1)] < slotMillis) {
                ring[index(size - 1) + 1] += amount;
            } else {
                if (size == capacity()) {
                    grow();
                }
                int slot = index(size);
                ring[slot] = now;
                ring[slot + 1] = amount;
                size++;
            }
            sum += amount;
        }
        long oldest = now - span.toMillis();
        while (size > 0 && ring[index(0)] <= oldest) {
            sum -= ring[index(0) + 1];
            head = (head + 1) % capacity();
            size--;
        }
        return sum;
    }

    /** True when nothing is left in the window: the state may drop it. */
    public boolean isEmpty() {
        return size == 0;
    }

    private int capacity() {
        return ring.length / 2;
    }

    /** Where the {@code i}-th oldest slot's time is. */
    private int index(int i) {
        return 2 * ((head + i) % capacity());
    }

    /**
     * Doubles the ring, oldest slot first, up to the slots a window can hold ({@value #SLOTS} of them a slot's width
     * apart, one more where the span is not a multiple of it, and the one being added): 4.2 KB at most.
     */
    private void grow() {
        int capacity = capacity();
        int wider = capacity < SLOTS + 2 ? Math.min(2 * capacity, SLOTS + 2) : 2 * capacity;
        long[] grown = new long[2 * wider];
        for (int i = 0; i < size; i++) {
            System.arraycopy(ring, index(i), grown, 2 * i, 2);
        }
        ring = grown;
        head = 0;
    }
}
