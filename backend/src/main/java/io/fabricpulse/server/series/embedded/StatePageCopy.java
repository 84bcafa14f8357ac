package io.fabricpulse.server.series.embedded;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A working copy of one port's state page, what an update reads and changes: the part of the page that holds state
 * ({@link SlotLayout#usedStateBytes}) copied in from the mapped state file, changed on the heap, copied back. Why: an
 * update reads and writes every series' current step and every archive's row in progress: at the default layout ~400
 * big-endian values over 3.8 KB, each read and written. Accessed one by one in the mapping, each paid a mapped segment's checks, and the page came into the
 * cache line by line as the arithmetic asked for it; two bulk copies stream it (`EmbeddedSeriesBench`, 200,000
 * ports: 3.0-3.3 µs CPU a sample against 4.0-4.1). One per lock stripe ({@link PortStripes}): not thread-safe.
 */
final class StatePageCopy {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private byte[] bytes = new byte[0];
    private MemorySegment file;
    private long page;

    /** Copies the first {@code size} bytes of the page at {@code page} of {@code file} in. */
    void load(MemorySegment file, long page, int size) {
        if (bytes.length != size) {
            bytes = new byte[size];
        }
        this.file = file;
        this.page = page;
        MemorySegment.copy(file, ValueLayout.JAVA_BYTE, page, bytes, 0, size);
    }

    /** Copies the page back to where {@link #load} found it. */
    void writeBack() {
        MemorySegment.copy(bytes, 0, file, ValueLayout.JAVA_BYTE, page, bytes.length);
    }

    long longAt(long offset) {
        return (long) LONGS.get(bytes, (int) offset);
    }

    void putLong(long offset, long value) {
        LONGS.set(bytes, (int) offset, value);
    }

    double doubleAt(long offset) {
        return StoredDouble.decode(longAt(offset));
    }

    void putDouble(long offset, double value) {
        putLong(offset, StoredDouble.encode(value));
    }
}
