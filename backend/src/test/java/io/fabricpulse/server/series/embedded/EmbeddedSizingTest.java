package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties.Archive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The bytes per port that docs/STORAGE.md states, held against the formula and the files on disk. */
class EmbeddedSizingTest {

    /** docs/STORAGE.md, "Sizing": a 4 KB state page and 7,172 rows of 23 doubles. */
    static final long DOCUMENTED_DEFAULT_BYTES_PER_SLOT = 1_323_744;
    private static final PortSeriesKey PORT = new PortSeriesKey("0x0002c90300317810", 1);

    @TempDir
    Path directory;

    @Test
    void theDefaultLayoutTakesTheDocumentedBytesPerPort() {
        SlotLayout defaults = SlotLayout.of(EmbeddedSeriesProperties.defaultsIn(directory), PortSlots.PORTS_PER_GROUP);

        assertThat(defaults.bytesPerSlot()).isEqualTo(DOCUMENTED_DEFAULT_BYTES_PER_SLOT)
                .isEqualTo(4096 + 23 * 8 * (2_160 + 2 * 1_440 + 2 * 336 + 2 * 730));
    }

    @Test
    void aGroupOfSlotsTakesItsPortsBytesPerSlotOnDisk() throws Exception {
        EmbeddedSeriesProperties defaults = EmbeddedSeriesProperties.defaultsIn(directory);
        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(defaults)) {
            store.write(List.of(sample(Instant.parse("2026-03-02T10:00:00Z"), 1)));
            assertThat(store.bytesPerPort()).isEqualTo(DOCUMENTED_DEFAULT_BYTES_PER_SLOT);
        }
        assertThat(groupBytes(directory, 7)).isEqualTo(PortSlots.PORTS_PER_GROUP * DOCUMENTED_DEFAULT_BYTES_PER_SLOT);
    }

    @Test
    void theFormulaMatchesTheDiskForOtherLayoutsToo() throws Exception {
        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(TestLayouts.small(directory))) {
            store.write(List.of(sample(Instant.parse("2026-03-02T10:00:00Z"), 1)));
            assertThat(store.bytesPerPort()).isEqualTo(4096 + 23 * 8 * (360 + 2 * 1_440));
            assertThat(groupBytes(directory, 3)).isEqualTo(PortSlots.PORTS_PER_GROUP * store.bytesPerPort());
        }
    }

    /** Past seven archives the state of 23 series outgrows a page: it takes whole pages. */
    @Test
    void aPortsStateTakesWholePages() {
        List<Archive> eight = List.of(new Archive(Duration.ofSeconds(10), Duration.ofHours(1), false),
                new Archive(Duration.ofMinutes(1), Duration.ofDays(1), true),
                new Archive(Duration.ofMinutes(5), Duration.ofDays(2), true),
                new Archive(Duration.ofHours(1), Duration.ofDays(14), true),
                new Archive(Duration.ofDays(1), Duration.ofDays(730), false));
        SlotLayout layout = SlotLayout.of(new EmbeddedSeriesProperties(directory, Duration.ofSeconds(10),
                Duration.ofSeconds(60), eight), PortSlots.PORTS_PER_GROUP);

        // 8 + 23 x 24 + 8 x 23 x 20 = 4,240 bytes of state
        assertThat(layout.stateBytes()).isEqualTo(8_192);
    }

    @Test
    void aGroupDoesNotGrowWithItsHistory() throws Exception {
        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(TestLayouts.small(directory))) {
            for (int i = 0; i < 2000; i++) {
                store.write(List.of(sample(Instant.ofEpochSecond(1_800_000_000L + 10L * i), i)));
            }
            assertThat(groupBytes(directory, 3)).isEqualTo(PortSlots.PORTS_PER_GROUP * store.bytesPerPort());
        }
    }

    private static PortRateSample sample(Instant at, double value) {
        return new PortRateSample(PORT, at, Map.of(RateSeries.named("SymbolErrorCounter"), value));
    }

    /** The lengths of group 0's files: its state file and {@code archives} archive files. */
    private static long groupBytes(Path directory, int archives) throws IOException {
        long bytes = Files.size(directory.resolve(SlotGroup.stateFileName(0)));
        for (int archive = 0; archive < archives; archive++) {
            bytes += Files.size(directory.resolve(SlotGroup.archiveFileName(archive, 0)));
        }
        assertThat(directory.resolve(SlotGroup.archiveFileName(archives, 0))).doesNotExist();
        return bytes;
    }
}
