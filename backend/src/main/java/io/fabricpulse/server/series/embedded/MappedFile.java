package io.fabricpulse.server.series.embedded;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;

/**
 * A whole file mapped into memory through the FFM API, owned by a shared {@link Arena} (mapped on one thread,
 * updated on others): closing it unmaps deterministically, and the channel may be closed as soon as the
 * mapping exists. Every mapping gets {@link MappingAdvice#random random-access advice}.
 */
record MappedFile(Arena arena, MemorySegment segment) implements AutoCloseable {

    static MappedFile map(FileChannel channel, long size, MappingAdvice advice) throws IOException {
        Arena arena = Arena.ofShared();
        try {
            MemorySegment segment = channel.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
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
