package io.fabricpulse.server.alerting.rules;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;

/**
 * The sum of a counter's increments over a sliding window, in bounded memory: increments closer
 * together than 1/{@value #SLOTS} of the window share one slot, so a port erroring every second for
 * hours still holds at most {@value #SLOTS} slots (plus one), and a clean port holds none (windows
 * are created only once something increments). The sum is exact to one slot's width at the edge.
 * Not thread-safe: one port's state is only touched by one thread at a time.
 */
public final class IncrementWindow {

    static final int SLOTS = 256;

    private final Duration span;
    private final long slotMillis;
    private final ArrayDeque<long[]> slots = new ArrayDeque<>();
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
            long[] last = slots.peekLast();
            if (last != null && now - last[0] < slotMillis) {
                last[1] += amount;
            } else {
                slots.addLast(new long[]{now, amount});
            }
            sum += amount;
        }
        long oldest = now - span.toMillis();
        while (!slots.isEmpty() && slots.peekFirst()[0] <= oldest) {
            sum -= slots.removeFirst()[1];
        }
        return sum;
    }

    /** True when nothing is left in the window: the state may drop it. */
    public boolean isEmpty() {
        return slots.isEmpty();
    }
}
