package io.fabricpulse.server.pipeline.resume;

import io.fabricpulse.model.ingest.PortCounter;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The binary form of a sample's counters in {@code port_last_sample.counters}: per counter one byte of
 * name length, the IBA name in ASCII and the value as 8 bytes (big-endian; unsigned 64-bit values are
 * held in a long as everywhere else). Bytes because the H2 driver binds strings as large objects;
 * names because a counter added to {@link PortCounter} then needs no migration.
 */
final class SampleBytes {

    private static final PortCounter[] COUNTERS = PortCounter.values();
    /** Each counter's name in ASCII, by ordinal: made once, not per row. */
    private static final byte[][] NAMES = new byte[COUNTERS.length][];

    static {
        for (PortCounter counter : COUNTERS) {
            NAMES[counter.ordinal()] = counter.ibaName().getBytes(StandardCharsets.US_ASCII);
        }
    }

    private SampleBytes() {
    }

    /**
     * Written into one array of the exact size: a stream, a name's bytes and a buffer per counter were ~2 GB of the
     * state store thread's garbage while 600,000 ports were first seen.
     */
    static byte[] counters(Map<String, Long> counters) {
        Long[] values = new Long[COUNTERS.length];
        int size = 0;
        for (PortCounter counter : COUNTERS) {
            Long value = counters.get(counter.ibaName());
            if (value != null) {
                values[counter.ordinal()] = value;
                size += 1 + NAMES[counter.ordinal()].length + Long.BYTES;
            }
        }
        ByteBuffer bytes = ByteBuffer.allocate(size);
        for (PortCounter counter : COUNTERS) {
            Long value = values[counter.ordinal()];
            if (value != null) {
                byte[] name = NAMES[counter.ordinal()];
                bytes.put((byte) name.length).put(name).putLong(value);
            }
        }
        return bytes.array();
    }

    /** @throws IllegalStateException when the bytes are not counters in this form */
    static Map<String, Long> parseCounters(byte[] stored) {
        Map<String, Long> counters = new LinkedHashMap<>();
        ByteBuffer bytes = ByteBuffer.wrap(stored);
        try {
            while (bytes.hasRemaining()) {
                byte[] name = new byte[Byte.toUnsignedInt(bytes.get())];
                bytes.get(name);
                String ibaName = new String(name, StandardCharsets.US_ASCII);
                if (PortCounter.ofIbaName(ibaName) == null) {
                    throw new IllegalStateException("port_last_sample.counters names no IBA counter at byte "
                            + (bytes.position() - name.length) + ": '" + ibaName + "'");
                }
                counters.put(ibaName, bytes.getLong());
            }
        } catch (BufferUnderflowException e) {
            throw new IllegalStateException("port_last_sample.counters ends inside a counter (" + stored.length
                    + " bytes)", e);
        }
        return counters;
    }
}
