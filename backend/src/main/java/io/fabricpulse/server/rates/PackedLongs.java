package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;

/**
 * One long per counter ordinal, where only the counters that ever held a value other than 0 take room: a port's
 * error counters stay at 0 on a real fabric (and in loadgen), so a port keeps 8 bytes for each counter that moves
 * (9 of 21 on a busy port) instead of 8 for all 21. A counter keeps its slot once it has one, also when it goes back
 * to 0: the slots settle in a port's first samples, and no later sample allocates (a new array stored into a
 * long-lived port is a young reference every young collection has to scan). Not thread-safe: the owner serializes.
 */
public final class PackedLongs {

    private static final int COUNTERS = PortCounter.values().length;
    private static final long[] EMPTY = new long[0];

    /** Bit per counter ordinal: the counter has a slot in {@link #packed}; slots in ordinal order. */
    private int slots;
    private long[] packed = EMPTY;

    /** The value of the counter with ordinal {@code c}: 0 when it has no slot. */
    public long get(int c) {
        int bit = 1 << c;
        return (slots & bit) == 0 ? 0 : packed[Integer.bitCount(slots & (bit - 1))];
    }

    /** Sets the value of the counter with ordinal {@code c}; a 0 takes no slot the counter does not have. */
    public void set(int c, long value) {
        int bit = 1 << c;
        int at = Integer.bitCount(slots & (bit - 1));
        if ((slots & bit) == 0) {
            if (value == 0) {
                return;
            }
            long[] grown = new long[packed.length + 1];
            System.arraycopy(packed, 0, grown, 0, at);
            System.arraycopy(packed, at, grown, at + 1, packed.length - at);
            packed = grown;
            slots |= bit;
        }
        packed[at] = value;
    }

    /**
     * Makes a slot for each counter in {@code counters} (bits by ordinal) that has none, in one allocation: a port's
     * first samples would otherwise grow the array once per counter.
     */
    public void reserve(int counters) {
        int all = slots | counters;
        if (all == slots) {
            return;
        }
        long[] grown = new long[Integer.bitCount(all)];
        for (int c = 0, from = 0, to = 0; c < COUNTERS; c++) {
            int bit = 1 << c;
            if ((slots & bit) != 0) {
                grown[to] = packed[from++];
            }
            if ((all & bit) != 0) {
                to++;
            }
        }
        packed = grown;
        slots = all;
    }

    /** Every counter's value by ordinal, a copy (0 where a counter has no slot). */
    public long[] unpacked() {
        long[] all = new long[COUNTERS];
        for (int c = 0, at = 0; c < COUNTERS; c++) {
            if ((slots & 1 << c) != 0) {
                all[c] = packed[at++];
            }
        }
        return all;
    }
}
