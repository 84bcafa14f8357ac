package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;

/**
 * Up to 64 longs by index, where only the indexes that ever held a value other than 0 take room: one per counter
 * ordinal, or two sets of them side by side ({@link #COUNTERS} apart: a port's baselines and its latest rates in one
 * array, one object and one array header fewer a port). A port's error counters stay at 0 on a real fabric (and in
 * loadgen), so a port keeps 8 bytes for each counter that moves (9 of 21 on a busy port) instead of 8 for all 21. An
 * index keeps its slot once it has one, also when it goes back to 0: the slots settle in a port's first samples, and
 * no later sample allocates (a new array stored into a long-lived port is a young reference every young collection
 * has to scan). Not thread-safe: the owner serializes.
 */
public final class PackedLongs {

    /** How many counters there are: the second set of a port's longs starts here. */
    public static final int COUNTERS = PortCounter.values().length;
    private static final long[] EMPTY = new long[0];

    static {
        if (2 * COUNTERS > Long.SIZE) {
            throw new ExceptionInInitializerError("two sets of counters do not fit the bits of a long: " + COUNTERS);
        }
    }

    /** Bit per index: the index has a slot in {@link #packed}; slots in index order. */
    private long slots;
    private long[] packed = EMPTY;

    /** The value at {@code index}: 0 when it has no slot. */
    public long get(int index) {
        long bit = 1L << index;
        return (slots & bit) == 0 ? 0 : packed[Long.bitCount(slots & (bit - 1))];
    }

    /** Sets the value at {@code index}; a 0 takes no slot the index does not have. */
    public void set(int index, long value) {
        long bit = 1L << index;
        int at = Long.bitCount(slots & (bit - 1));
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
     * Makes a slot for each index in {@code indexes} (bits) that has none, in one allocation: a port's first samples
     * would otherwise grow the array once per counter.
     */
    public void reserve(long indexes) {
        long all = slots | indexes;
        if (all == slots) {
            return;
        }
        long[] grown = new long[Long.bitCount(all)];
        for (int i = 0, from = 0, to = 0; i < Long.SIZE; i++) {
            long bit = 1L << i;
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

    /** The values of one set of counters by ordinal, from index {@code first} on, a copy (0 where one has no slot). */
    public long[] unpacked(int first) {
        long[] all = new long[COUNTERS];
        for (int c = 0; c < COUNTERS; c++) {
            all[c] = get(first + c);
        }
        return all;
    }
}
