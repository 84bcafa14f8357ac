package io.fabricpulse.server.series.embedded;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class HugePageMemoryTest {

    private static final Path SMAPS = Path.of("/proc/self/smaps");
    private static final long BYTES = 16L * 1024 * 1024;

    @Test
    void stateMemoryIsZeroesInAMappingThatAsksForHugePagesAndGoesWithItsArena() throws IOException {
        assumeTrue(Files.isReadable(SMAPS), "needs Linux's /proc/self/smaps to see a mapping's flags");
        HugePageMemory memory = HugePageMemory.load(MemoryAdvice.load());
        long address;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment state = memory.allocate(BYTES, arena);
            address = state.address();
            assertThat(state.byteSize()).isEqualTo(BYTES);
            assertThat(address % SlotLayout.PAGE).isZero();
            assertThat(state.elements(ValueLayout.JAVA_LONG).allMatch(word -> word.get(ValueLayout.JAVA_LONG, 0) == 0))
                    .isTrue();
            state.set(ValueLayout.JAVA_LONG, BYTES - 8, 42);
            assertThat(vmFlagsAt(address)).as("VmFlags of the state's mapping").contains("hg");
        }
        assertThat(vmFlagsAt(address)).as("whatever is mapped there after its arena closed").doesNotContain("hg");
    }

    /** The VmFlags of the mapping that holds {@code address} in this process ("hg": MADV_HUGEPAGE), empty for none. */
    private static List<String> vmFlagsAt(long address) throws IOException {
        Optional<Boolean> inMapping = Optional.empty();
        for (String line : Files.readAllLines(SMAPS)) {
            if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
                String[] range = line.substring(0, line.indexOf(' ')).split("-");
                inMapping = Optional.of(Long.compareUnsigned(Long.parseUnsignedLong(range[0], 16), address) <= 0
                        && Long.compareUnsigned(address, Long.parseUnsignedLong(range[1], 16)) < 0);
            } else if (inMapping.orElse(false) && line.startsWith("VmFlags:")) {
                return List.of(line.substring("VmFlags:".length()).trim().split("\\s+"));
            }
        }
        return List.of();
    }
}
