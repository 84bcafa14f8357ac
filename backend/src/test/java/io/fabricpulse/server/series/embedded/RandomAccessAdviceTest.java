package io.fabricpulse.server.series.embedded;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Every mapping of a slot group is advised random access, which makes a sparse file's first touches cheap. */
class RandomAccessAdviceTest {

    private static final Path SMAPS = Path.of("/proc/self/smaps");

    @TempDir
    Path directory;

    @Test
    void everyFileOfASlotGroupIsAdvisedRandomAccessAsTheKernelReportsIt() throws IOException {
        assumeTrue(Files.isReadable(SMAPS), "needs Linux's /proc/self/smaps to see a mapping's flags");
        SlotLayout layout = SlotLayout.of(EmbeddedSeriesProperties.defaultsIn(directory), PortSlots.PORTS_PER_GROUP);
        try (SlotGroup group = SlotGroup.open(directory, 0, layout, RandomAccessAdvice.load())) {
            assertThat(group.state().byteSize()).isPositive();
            assertThat(vmFlagsOf(directory.resolve(SlotGroup.stateFileName(0)).toRealPath().toString()))
                    .as("VmFlags of the state file's mapping").contains("rr");
            for (int archive = 0; archive < layout.archives().size(); archive++) {
                assertThat(vmFlagsOf(directory.resolve(SlotGroup.archiveFileName(archive, 0)).toRealPath().toString()))
                        .as("VmFlags of archive %d's mapping", archive).contains("rr");
            }
        }
    }

    /** The VmFlags of the mapping of {@code path} in this process: two-letter codes, "rr" for MADV_RANDOM. */
    private static List<String> vmFlagsOf(String path) throws IOException {
        boolean inMapping = false;
        for (String line : Files.readAllLines(SMAPS)) {
            if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
                inMapping = line.endsWith(" " + path);
            } else if (inMapping && line.startsWith("VmFlags:")) {
                return List.of(line.substring("VmFlags:".length()).trim().split("\\s+"));
            }
        }
        throw new AssertionError("no mapping of " + path + " in " + SMAPS);
    }
}
