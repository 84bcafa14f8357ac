package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;

/**
 * Up to 63 longs by index in one {@code long[]}, where only the indexes that ever held a value other than 0 take
 * room: one per counter ordinal, or two sets of them side by side ({@link #COUNTERS} apart: a port's baselines and its
 * latest rates in one array). The array's first long says which indexes have a slot (a bit each), the slots follow in
 * index order. A port's error counters stay at 0 on a real fabric (and in loadgen), so a port keeps 8 bytes for each
 * counter that moves (9 of 21 on a busy port) instead of 8 for all 21; and its owner keeps the array itself, not an
 * object holding it (24 bytes of every port, twice: the rates' and the rules'). An index keeps its slot once it has
 * one, also when it goes back to 0: the slots settle in a port's first samples, and no later sample allocates (a new
 * array stored into a long-lived port is a young reference every young collection has to scan). The methods that
 * may grow the array return the one to keep: the owner stores it only when it is another (a store is a dirty card).
 * Not thread-safe: the owner serializes.
 */
public final class PackedLongs {

    /** How many counters there are: the second set of a port's longs starts here. */
    public static final int COUNTERS = PortCounter.values().length;
    /** No slot for any index: shared, never written (a set that makes a slot makes a new array). */
    private static final long[] NONE = {0};

    static {
        if (2 * COUNTERS >= Long.SIZE) {
            throw new ExceptionInInitializerError("two sets of counters do not fit the bits of a long: " + COUNTERS);
        }
    }

    private PackedLongs() {
    }

    /** The array of no slots, shared by every owner that has none yet: read only, as every method here keeps it. */
    public static long[] none() {
        return NONE;
    }

    /** The value at {@code index}: 0 when it has no slot. */
    public static long get(long[] packed, int index) {
        long slots = packed[0];
        long bit = 1L << index;
        return (slots & bit) == 0 ? 0 : packed[1 + Long.bitCount(slots & (bit - 1))];
    }

    /** Sets the value at {@code index}, a 0 taking no slot the index does not have; the array to keep. */
    public static long[] set(long[] packed, int index, long value) {
        long slots = packed[0];
        long bit = 1L << index;
        int at = 1 + Long.bitCount(slots & (bit - 1));
        if ((slots & bit) == 0) {
            if (value == 0) {
                return packed;
            }
            long[] grown = new long[packed.length + 1];
            System.arraycopy(packed, 0, grown, 0, at);
            System.arraycopy(packed, at, grown, at + 1, packed.length - at);
            grown[0] = slots | bit;
            packed = grown;
        }
        packed[at] = value;
        return packed;
    }

    /**
     * Makes a slot for each index in {@code indexes} (bits) that has none, in one allocation (a port's first samples
     * would otherwise grow the array once per counter); the array to keep.
     */
    public static long[] reserve(long[] packed, long indexes) {
        long slots = packed[0];
        long all = slots | indexes;
        if (all == slots) {
            return packed;
        }
        long[] grown = new long[1 + Long.bitCount(all)];
        grown[0] = all;
        for (int i = 0, from = 1, to = 1; i < Long.SIZE - 1; i++) {
            long bit = 1L << i;
            if ((slots & bit) != 0) {
                grown[to] = packed[from++];
            }
            if ((all & bit) != 0) {
                to++;
            }
        }
        return grown;
    }

    /** The values of one set of counters by ordinal, from index {@code first} on, a copy (0 where one has no slot). */
    public static long[] unpacked(long[] packed, int first) {
        long[] all = new long[COUNTERS];
        for (int c = 0; c < COUNTERS; c++) {
            all[c] = get(packed, first + c);
        }
        return all;
    }
}
