package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.ports.PortIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.fabricpulse.server.series.embedded.PortSlotsTest.port;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every mapping of a slot group is advised random access, which makes a sparse file's first touches cheap, and new
 * slots' state pages are made present a run at a time, before their ports first write.
 */
class MappingAdviceTest {

    private static final Path SMAPS = Path.of("/proc/self/smaps");

    @TempDir
    Path directory;

    @Test
    void everyFileOfASlotGroupIsAdvisedRandomAccessAsTheKernelReportsIt() throws IOException {
        assumeTrue(Files.isReadable(SMAPS), "needs Linux's /proc/self/smaps to see a mapping's flags");
        SlotLayout layout = SlotLayout.of(EmbeddedSeriesProperties.defaultsIn(directory), PortSlots.PORTS_PER_GROUP);
        try (SlotGroup group = SlotGroup.open(directory, 0, layout, MappingAdvice.load())) {
            assertThat(group.state().byteSize()).isPositive();
            assertThat(vmFlagsOf(directory.resolve(SlotGroup.stateFileName(0)).toRealPath().toString()))
                    .as("VmFlags of the state file's mapping").contains("rr");
            for (int archive = 0; archive < layout.archives().size(); archive++) {
                assertThat(vmFlagsOf(directory.resolve(SlotGroup.archiveFileName(archive, 0)).toRealPath().toString()))
                        .as("VmFlags of archive %d's mapping", archive).contains("rr");
            }
        }
    }

    @Test
    void aNewSlotMakesTheStatePagesOfTheNextSlotsPresentBeforeTheirPortsComeAsTheKernelReportsIt() throws IOException {
        assumeTrue(Files.isReadable(SMAPS), "needs Linux's /proc/self/smaps to see what a mapping has present");
        SlotLayout layout = SlotLayout.of(EmbeddedSeriesProperties.defaultsIn(directory), PortSlots.PORTS_PER_GROUP);
        long run = PortSlots.POPULATE_AHEAD * layout.stateBytes() / 1024;
        try (PortSlots slots = new PortSlots(directory, layout, new PortIndex())) {
            slots.prepare(port(0), 1_000_000);
            String state = directory.resolve(SlotGroup.stateFileName(0)).toRealPath().toString();
            assertThat(residentKb(state)).as("kB of the state file present after the first slot")
                    .isGreaterThanOrEqualTo(run);
            for (int i = 1; i <= PortSlots.POPULATE_AHEAD; i++) {
                slots.prepare(port(i), 1_000_000);
            }
            assertThat(residentKb(state)).as("kB present once a slot past the first run was given out")
                    .isGreaterThanOrEqualTo(2 * run);
            assertThat(slots.read(port(0), Slot::lastUpdate)).contains(1_000_000L);
            assertThat(slots.read(port(PortSlots.POPULATE_AHEAD), Slot::lastUpdate)).contains(1_000_000L);
        }
        try (PortSlots reopened = new PortSlots(directory, layout, new PortIndex())) {
            reopened.prepare(port(PortSlots.POPULATE_AHEAD + 1), 2_000_000);
            String state = directory.resolve(SlotGroup.stateFileName(0)).toRealPath().toString();
            assertThat(residentKb(state)).as("kB present after a reopened store's first new slot:"
                    + " from it to the end of its run, not the slots given out before")
                    .isGreaterThanOrEqualTo(run - 4).isLessThan(2 * run - 4);
            assertThat(reopened.read(port(0), Slot::lastUpdate)).as("a slot given out before keeps its state")
                    .contains(1_000_000L);
        }
    }

    /** The words of a field of the mapping of {@code path} in this process ("Rss:" in kB, "VmFlags:" as codes). */
    private static List<String> mappingField(String path, String field) throws IOException {
        boolean inMapping = false;
        for (String line : Files.readAllLines(SMAPS)) {
            if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
                inMapping = line.endsWith(" " + path);
            } else if (inMapping && line.startsWith(field)) {
                return List.of(line.substring(field.length()).trim().split("\\s+"));
            }
        }
        throw new AssertionError("no mapping of " + path + " in " + SMAPS);
    }

    /** kB of the mapping of {@code path} present in this process. */
    private static long residentKb(String path) throws IOException {
        return Long.parseLong(mappingField(path, "Rss:").get(0));
    }

    /** The VmFlags of the mapping of {@code path} in this process: two-letter codes, "rr" for MADV_RANDOM. */
    private static List<String> vmFlagsOf(String path) throws IOException {
        return mappingField(path, "VmFlags:");
    }
}
