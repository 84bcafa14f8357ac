package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rrd4j.core.RrdDef;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The bytes per port that docs/STORAGE.md states, held against rrd4j and a real file. */
class EmbeddedSizingTest {

    /** docs/STORAGE.md, "Bytes per port": the default layout, worked through by hand. */
    static final long DOCUMENTED_DEFAULT_BYTES_PER_PORT = 1_326_674;
    /** docs/STORAGE.md, "Slots": a 4 KB state page and 7,172 rows of 23 doubles. */
    static final long DOCUMENTED_DEFAULT_BYTES_PER_SLOT = 1_323_744;

    @TempDir
    Path directory;

    @Test
    void theDefaultLayoutTakesTheDocumentedBytesPerPort() throws Exception {
        EmbeddedSeriesProperties defaults = TestLayouts.withLayout(EmbeddedSeriesProperties.defaultsIn(directory),
                EmbeddedSeriesProperties.Layout.FILES);

        assertThat(new RrdLayout(defaults).bytesPerPort()).isEqualTo(DOCUMENTED_DEFAULT_BYTES_PER_PORT);
        assertThat(realFileSize(defaults)).isEqualTo(DOCUMENTED_DEFAULT_BYTES_PER_PORT);
    }

    @Test
    void theFormulaMatchesRrd4jAndTheDiskForOtherLayoutsToo() throws Exception {
        for (EmbeddedSeriesProperties.FileAccess access : EmbeddedSeriesProperties.FileAccess.values()) {
            EmbeddedSeriesProperties small = TestLayouts.small(directory.resolve(access.name()), access,
                    EmbeddedSeriesProperties.Layout.FILES);
            RrdLayout layout = new RrdLayout(small);
            RrdDef def = layout.definition(directory.resolve("estimate.rrd"), 0);

            assertThat(layout.bytesPerPort()).isEqualTo(def.getEstimatedSize());
            assertThat(realFileSize(small)).as(access.name()).isEqualTo(layout.bytesPerPort());
        }
    }

    @Test
    void aFileDoesNotGrowWithItsHistory() throws Exception {
        EmbeddedSeriesProperties small = TestLayouts.small(directory, EmbeddedSeriesProperties.FileAccess.MAPPED,
                EmbeddedSeriesProperties.Layout.FILES);
        PortSeriesKey port = new PortSeriesKey("0x0002c90300317810", 1);
        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(small, Clock.systemUTC())) {
            for (int i = 0; i < 2000; i++) {
                store.write(List.of(new PortRateSample(port, Instant.ofEpochSecond(1_800_000_000L + 10L * i),
                        Map.of(RateSeries.named("PortXmitData"), (double) i))));
            }
        }
        assertThat(Files.size(directory.resolve("0002c90300317810").resolve("1.rrd")))
                .isEqualTo(new RrdLayout(small).bytesPerPort());
    }

    @Test
    void aGroupOfSlotsTakesItsPortsBytesPerSlotOnDisk() throws Exception {
        EmbeddedSeriesProperties defaults = EmbeddedSeriesProperties.defaultsIn(directory);
        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(defaults, Clock.systemUTC())) {
            store.write(List.of(new PortRateSample(new PortSeriesKey("0x0002c90300317810", 1),
                    Instant.parse("2026-03-02T10:00:00Z"), Map.of(RateSeries.named("SymbolErrorCounter"), 1.0))));
            assertThat(store.bytesPerPort()).isEqualTo(DOCUMENTED_DEFAULT_BYTES_PER_SLOT);
        }
        long group = Files.size(directory.resolve(SlotGroup.stateFileName(0)));
        for (int archive = 0; archive < new RrdLayout(defaults).archiveRows().length; archive++) {
            group += Files.size(directory.resolve(SlotGroup.archiveFileName(archive, 0)));
        }
        assertThat(group).isEqualTo(PortSlots.PORTS_PER_GROUP * DOCUMENTED_DEFAULT_BYTES_PER_SLOT);
    }

    private long realFileSize(EmbeddedSeriesProperties properties) throws Exception {
        PortSeriesKey port = new PortSeriesKey("0x0002C90300317810", 3);
        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(properties, Clock.systemUTC())) {
            store.write(List.of(new PortRateSample(port, Instant.parse("2026-03-02T10:00:00Z"),
                    Map.of(RateSeries.named("SymbolErrorCounter"), 1.0))));
        }
        return Files.size(properties.directory().resolve("0002c90300317810").resolve("3.rrd"));
    }
}
