package io.fabricpulse.server.series.embedded;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import java.util.Optional;

/**
 * Memory for the state pages: on Linux an anonymous mapping from the kernel with {@code madvise(MADV_HUGEPAGE)}, so a
 * group's 16 MB of state is eight 2 MB pages instead of 4,096 small ones; elsewhere, or when a call fails, the
 * arena's own allocation. Both read as zeros until written.
 *
 * <p>Why: each first touch of a small page is a fault, and the arena's allocation zeroes all of it first, touching
 * every page: the slot preparer took 16-17 s of CPU in a 600,000-port start, most of it in {@code
 * initNativeMemory}, against 8-9 s with huge pages (docs/PERFORMANCE.md). With transparent huge pages in their
 * default mode ({@code madvise}) the kernel gives them to the regions that ask; 2 MB pages also spare the page walks
 * of updates that read state pages far apart.
 */
final class HugePageMemory {

    private static final Logger log = LoggerFactory.getLogger(HugePageMemory.class);
    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_PRIVATE_ANONYMOUS = 0x02 | 0x20;
    private static final long MAP_FAILED = -1;

    /** mmap and munmap of Linux's C library; null elsewhere. */
    private final MethodHandle mmap;
    private final MethodHandle munmap;
    private final MemoryAdvice advice;

    private HugePageMemory(MethodHandle mmap, MethodHandle munmap, MemoryAdvice advice) {
        this.mmap = mmap;
        this.munmap = munmap;
        this.advice = advice;
    }

    /** Anonymous mappings on Linux, given {@code advice}; the arena's allocations where there are none. */
    static HugePageMemory load(MemoryAdvice advice) {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
            return new HugePageMemory(null, null, advice);
        }
        Linker linker = Linker.nativeLinker();
        SymbolLookup c = linker.defaultLookup();
        Optional<MemorySegment> mmap = c.find("mmap");
        Optional<MemorySegment> munmap = c.find("munmap");
        if (mmap.isEmpty() || munmap.isEmpty()) {
            log.info("no mmap or munmap in the C library: series state pages are allocated without huge pages");
            return new HugePageMemory(null, null, advice);
        }
        return new HugePageMemory(
                linker.downcallHandle(mmap.get(), FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_LONG)),
                linker.downcallHandle(munmap.get(), FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_LONG)),
                advice);
    }

    /** {@code bytes} of zeros, page-aligned, freed when {@code arena} closes. */
    MemorySegment allocate(long bytes, Arena arena) {
        if (mmap == null || bytes == 0) {
            return arena.allocate(bytes, SlotLayout.PAGE);
        }
        MemorySegment mapped;
        try {
            mapped = (MemorySegment) mmap.invokeExact(MemorySegment.NULL, bytes, PROT_READ_WRITE,
                    MAP_PRIVATE_ANONYMOUS, -1, 0L);
        } catch (Throwable e) {
            log.debug("mmap failed for {} bytes of series state: {}", bytes, e.toString());
            return arena.allocate(bytes, SlotLayout.PAGE);
        }
        if (mapped.address() == MAP_FAILED) {
            log.debug("mmap refused {} bytes of series state", bytes);
            return arena.allocate(bytes, SlotLayout.PAGE);
        }
        MemorySegment memory = mapped.reinterpret(bytes, arena, this::unmap);
        advice.hugePages(memory);
        return memory;
    }

    private void unmap(MemorySegment memory) {
        try {
            int result = (int) munmap.invokeExact(memory, memory.byteSize());
            if (result != 0) {
                log.warn("munmap returned {} for {} bytes of series state", result, memory.byteSize());
            }
        } catch (Throwable e) {
            log.warn("munmap failed for {} bytes of series state: {}", memory.byteSize(), e.toString());
        }
    }
}
