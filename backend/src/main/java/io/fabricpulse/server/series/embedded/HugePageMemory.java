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
 * <p>Why: an update copies its port's state page in and out, 600,000 pages apart at fabric size, and each first touch
 * of a small page is a fault. The arena's allocation zeroes all of it first, touching every page: that made the
 * slot preparer spend ~10 s of a 600,000-port start in {@code initNativeMemory}, more on a virtual machine, where
 * faults and page walks cost most. With transparent huge pages in their default mode ({@code madvise}) the kernel
 * gives huge pages to the regions that ask, and the 2 MB pages also cut the misses of the translation cache that
 * reading pages far apart takes.
 */
final class HugePageMemory {

    private static final Logger log = LoggerFactory.getLogger(HugePageMemory.class);
    private static final int PROT_READ_WRITE = 0x1 | 0x2;
    private static final int MAP_PRIVATE_ANONYMOUS = 0x02 | 0x20;
    private static final int MADV_HUGEPAGE = 14;
    private static final long MAP_FAILED = -1;

    /** mmap, munmap and madvise of Linux's C library; null elsewhere. */
    private final MethodHandle mmap;
    private final MethodHandle munmap;
    private final MethodHandle madvise;

    private HugePageMemory(MethodHandle mmap, MethodHandle munmap, MethodHandle madvise) {
        this.mmap = mmap;
        this.munmap = munmap;
        this.madvise = madvise;
    }

    /** Anonymous mappings on Linux; the arena's allocations where there are none. */
    static HugePageMemory load() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
            return new HugePageMemory(null, null, null);
        }
        Linker linker = Linker.nativeLinker();
        SymbolLookup c = linker.defaultLookup();
        Optional<MemorySegment> mmap = c.find("mmap");
        Optional<MemorySegment> munmap = c.find("munmap");
        Optional<MemorySegment> madvise = c.find("madvise");
        if (mmap.isEmpty() || munmap.isEmpty() || madvise.isEmpty()) {
            log.info("no mmap, munmap or madvise in the C library: series state pages are allocated without huge pages");
            return new HugePageMemory(null, null, null);
        }
        return new HugePageMemory(
                linker.downcallHandle(mmap.get(), FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_LONG)),
                linker.downcallHandle(munmap.get(), FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_LONG)),
                linker.downcallHandle(madvise.get(), FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT)));
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
        adviseHugePages(memory);
        return memory;
    }

    private void adviseHugePages(MemorySegment memory) {
        int result;
        try {
            result = (int) madvise.invokeExact(memory, memory.byteSize(), MADV_HUGEPAGE);
        } catch (Throwable e) {
            log.debug("madvise(MADV_HUGEPAGE) failed on series state: {}", e.toString());
            return;
        }
        if (result != 0) {
            // A kernel without transparent huge pages: small pages, as before.
            log.debug("madvise(MADV_HUGEPAGE) returned {} on {} bytes of series state", result, memory.byteSize());
        }
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
