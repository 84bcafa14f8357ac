package io.fabricpulse.server.series.embedded;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;

/**
 * A whole file mapped into memory through the FFM API, owned by an {@link Arena}: closing it unmaps
 * deterministically, and the channel may be closed as soon as the mapping exists. Every mapping gets
 * {@link RandomAccessAdvice#random random-access advice} (no read-around on first touch).
 *
 * <p>A writable mapping lives in a shared arena: it is created on one thread (the file-preparing one)
 * and updated on others. A read-only one is a short-lived handle used and closed by the thread that
 * opened it, so it lives in a confined arena, whose closing does not stop every thread of the JVM as
 * closing a shared one does.
 */
record MappedFile(Arena arena, MemorySegment segment) implements AutoCloseable {

    static MappedFile map(FileChannel channel, boolean readOnly, long size, RandomAccessAdvice advice)
            throws IOException {
        Arena arena = readOnly ? Arena.ofConfined() : Arena.ofShared();
        try {
            MemorySegment segment = channel.map(readOnly ? FileChannel.MapMode.READ_ONLY
                    : FileChannel.MapMode.READ_WRITE, 0, size, arena);
            advice.random(segment);
            return new MappedFile(arena, segment);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    @Override
    public void close() {
        arena.close();
    }
}
