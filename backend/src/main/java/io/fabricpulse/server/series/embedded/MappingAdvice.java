package io.fabricpulse.server.series.embedded;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code madvise} on a group file's mapping, through the FFM API: random access for every mapping, and pages
 * populated for writing ahead of the slots about to be given out.
 *
 * <p>Why random access: group files are sparse, and updates touch pages far apart (a state page, a row of each
 * archive). Without the advice the kernel treats each first touch as the start of a sequential read: it reads
 * ahead (and around) up to 32 pages, and on a sparse file that means allocating and zeroing 128 KB of page cache
 * per fault. Measured on the 2-core VM with the page pattern of one file per port: 42.8 s of CPU for the first
 * minute of updates without the advice, 3.2 s with it (docs/PERFORMANCE.md, session 4).
 *
 * <p>Why populating: a new port's state page is a hole in its group's state file, and its first touches were two
 * page faults (a read fault that allocates and zeroes the page, then a write fault that makes it writable), about
 * half of a new slot's cost on the 2-core VM, whose faults are dear. {@code MADV_POPULATE_WRITE} (Linux 5.14) does
 * that work for a run of pages in one call, as if each had been written.
 *
 * <p>Best effort: where the C library has no {@code madvise} (Windows), the kernel lacks the advice or the call
 * fails, the mapping works as before, only slower to fill.
 */
final class MappingAdvice {

    private static final Logger log = LoggerFactory.getLogger(MappingAdvice.class);
    /** The same value on Linux, the BSDs and macOS. */
    private static final int MADV_RANDOM = 1;
    /** Linux's only: on other systems the number may mean something else, so it is sent on Linux alone. */
    private static final int MADV_POPULATE_WRITE = 23;

    private final MethodHandle madvise;
    private final boolean linux;

    private MappingAdvice(MethodHandle madvise, boolean linux) {
        this.madvise = madvise;
        this.linux = linux;
    }

    /** The advice through this platform's C library, or a no-op where it has no {@code madvise}. */
    static MappingAdvice load() {
        boolean linux = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux");
        Linker linker = Linker.nativeLinker();
        Optional<MemorySegment> symbol = linker.defaultLookup().find("madvise");
        if (symbol.isEmpty()) {
            log.info("no madvise in this platform's C library: series files are mapped without access advice");
            return new MappingAdvice(null, linux);
        }
        return new MappingAdvice(linker.downcallHandle(symbol.get(), FunctionDescriptor.of(
                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT)), linux);
    }

    /** Advises random access for the whole of {@code mapping}, a segment from {@code FileChannel.map}. */
    void random(MemorySegment mapping) {
        advise(mapping, MADV_RANDOM, "MADV_RANDOM");
    }

    /**
     * Makes every page of {@code range}, a page-aligned part of a writable shared mapping, present and writable, holes
     * included (they become zero pages of the file).
     */
    void populateForWrite(MemorySegment range) {
        if (linux) {
            advise(range, MADV_POPULATE_WRITE, "MADV_POPULATE_WRITE");
        }
    }

    private void advise(MemorySegment range, int advice, String name) {
        if (madvise == null || range.byteSize() == 0) {
            return;
        }
        int result;
        try {
            result = (int) madvise.invokeExact(range, range.byteSize(), advice);
        } catch (Throwable e) {
            log.debug("madvise({}) failed on a series file mapping: {}", name, e.toString());
            return;
        }
        if (result != 0) {
            log.debug("madvise({}) returned {} on {} bytes of a series file mapping", name, result, range.byteSize());
        }
    }
}
