package io.fabricpulse.server.ports;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A feature's primitive state per port, by the port's {@link PortIndex} number: a fixed number of longs a port, 0
 * until set, in chunks of 4,096 ports made as numbers reach them. Where a {@link PortTable} keeps a reference to an
 * object per port (4 bytes, and the object's header and padding besides its fields), this keeps the fields.
 *
 * <p>Thread-safe as {@link PortTable} is: longs are read and written with volatile semantics, and a chunk, once made,
 * stays.
 */
public final class PortLongs {

    private static final int CHUNK_BITS = 12;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;

    private final int perPort;
    private volatile AtomicLongArray[] chunks = new AtomicLongArray[0];

    /** A table of {@code perPort} longs a port. */
    public PortLongs(int perPort) {
        if (perPort < 1) {
            throw new IllegalArgumentException("a port keeps at least one long, not " + perPort);
        }
        this.perPort = perPort;
    }

    /** Long {@code k} of port {@code index}: 0 when never set (or {@code index} is {@link PortIndex#NONE}). */
    public long get(int index, int k) {
        int at = at(index, k);
        if (index < 0) {
            return 0;
        }
        AtomicLongArray[] all = chunks;
        int chunk = index >>> CHUNK_BITS;
        return chunk < all.length ? all[chunk].get(at) : 0;
    }

    /** Sets long {@code k} of port {@code index}. */
    public void set(int index, int k, long value) {
        chunk(index).set(at(index, k), value);
    }

    private int at(int index, int k) {
        if (k < 0 || k >= perPort) {
            throw new IndexOutOfBoundsException("a port keeps " + perPort + " longs here, not " + (k + 1));
        }
        return (index & MASK) * perPort + k;
    }

    private AtomicLongArray chunk(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("not a port's number: " + index);
        }
        int chunk = index >>> CHUNK_BITS;
        AtomicLongArray[] all = chunks;
        if (chunk < all.length) {
            return all[chunk];
        }
        synchronized (this) {
            all = chunks;
            if (chunk >= all.length) {
                AtomicLongArray[] grown = Arrays.copyOf(all, chunk + 1);
                for (int c = all.length; c <= chunk; c++) {
                    grown[c] = new AtomicLongArray(CHUNK * perPort);
                }
                chunks = grown;
                all = grown;
            }
            return all[chunk];
        }
    }
}
