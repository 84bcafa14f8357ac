package io.fabricpulse.server.pipeline.resume;

import io.fabricpulse.model.ingest.PortCounter;

import java.io.ByteArrayOutputStream;
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

    private SampleBytes() {
    }

    static byte[] counters(Map<String, Long> counters) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(counters.size() * 32);
        for (PortCounter counter : PortCounter.values()) {
            Long value = counters.get(counter.ibaName());
            if (value != null) {
                byte[] name = counter.ibaName().getBytes(StandardCharsets.US_ASCII);
                bytes.write(name.length);
                bytes.writeBytes(name);
                bytes.writeBytes(ByteBuffer.allocate(Long.BYTES).putLong(value).array());
            }
        }
        return bytes.toByteArray();
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
