package io.fabricpulse.server.series.embedded;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rrd4j.core.RrdDb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The mapped backend advises random access on its mappings, which makes a new file's first touches cheap. */
class RandomAccessAdviceTest {

    private static final Path SMAPS = Path.of("/proc/self/smaps");

    @TempDir
    Path directory;

    @Test
    void aMappedPortFileIsAdvisedRandomAccessAsTheKernelReportsIt() throws IOException {
        assumeTrue(Files.isReadable(SMAPS), "needs Linux's /proc/self/smaps to see a mapping's flags");
        Path file = directory.resolve("1.rrd");
        RrdLayout layout = new RrdLayout(EmbeddedSeriesProperties.defaultsIn(directory));
        try (RrdDb db = RrdDb.getBuilder().setRrdDef(layout.definition(file, 0))
                .setBackendFactory(new MappedFileBackendFactory()).build()) {
            assertThat(db.getRrdBackend().getLength()).isPositive();
            assertThat(vmFlagsOf(file.toRealPath().toString())).as("VmFlags of the mapping").contains("rr");
        }
        try (RrdDb reopened = RrdDb.getBuilder().setPath(file.toString()).setReadOnly(true)
                .setBackendFactory(new MappedFileBackendFactory()).build()) {
            assertThat(vmFlagsOf(file.toRealPath().toString())).as("read-only mapping too").contains("rr");
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
