package io.fabricpulse.server.series.embedded;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * {@code madvise(MADV_RANDOM)} on a group file's mapping, through the FFM API.
 *
 * <p>Why: group files are sparse, and updates touch pages far apart (a state page, a row of each archive).
 * Without the advice the kernel treats each first touch as the start of a sequential read: it reads ahead
 * (and around) up to 32 pages, and on a sparse file that means allocating and zeroing 128 KB of page cache
 * per fault. Measured on the 2-core VM with the page pattern of one file per port: 42.8 s of CPU for the
 * first minute of updates without the advice, 3.2 s with it (docs/PERFORMANCE.md, session 4).
 *
 * <p>Best effort: where the C library has no {@code madvise} (Windows) or the call fails, the mapping
 * works as before, only slower to fill.
 */
final class RandomAccessAdvice {

    private static final Logger log = LoggerFactory.getLogger(RandomAccessAdvice.class);
    /** The same value on Linux, the BSDs and macOS. */
    private static final int MADV_RANDOM = 1;

    private final MethodHandle madvise;

    private RandomAccessAdvice(MethodHandle madvise) {
        this.madvise = madvise;
    }

    /** The advice through this platform's C library, or a no-op where it has no {@code madvise}. */
    static RandomAccessAdvice load() {
        Linker linker = Linker.nativeLinker();
        Optional<MemorySegment> symbol = linker.defaultLookup().find("madvise");
        if (symbol.isEmpty()) {
            log.info("no madvise in this platform's C library: series files are mapped without access advice");
            return new RandomAccessAdvice(null);
        }
        return new RandomAccessAdvice(linker.downcallHandle(symbol.get(), FunctionDescriptor.of(
                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT)));
    }

    /** Advises random access for the whole of {@code mapping}, a segment from {@code FileChannel.map}. */
    void random(MemorySegment mapping) {
        if (madvise == null || mapping.byteSize() == 0) {
            return;
        }
        int result;
        try {
            result = (int) madvise.invokeExact(mapping, mapping.byteSize(), MADV_RANDOM);
        } catch (Throwable e) {
            log.debug("madvise failed on a series file mapping: {}", e.toString());
            return;
        }
        if (result != 0) {
            log.debug("madvise returned {} on a series file mapping of {} bytes", result, mapping.byteSize());
        }
    }
}
