package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStoreException;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties.FileAccess;
import io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties.Layout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rrd4j.core.RrdDb;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The slot layout beyond the contract: every port of a slot store reads, through rrd4j, exactly as an rrd4j
 * file updated by rrd4j itself with the same samples would; slots keep their ports across restarts and
 * group boundaries; a damaged index or a lost state page costs only what it must.
 */
class PortSlotsTest {

    private static final long START = 1_800_000_003L;
    private static final Clock CLOCK = Clock.fixed(Instant.ofEpochSecond(START), ZoneOffset.UTC);
    private static final int PORTS_PER_GROUP = 3;

    @TempDir
    Path temp;

    private final EmbeddedSeriesProperties properties = TestLayouts.small(Path.of("unused"), FileAccess.MAPPED,
            Layout.SLOTS);
    private final RrdLayout layout = new RrdLayout(properties);

    private PortSlots slots(Path directory) {
        return new PortSlots(directory, new StoreFormat(directory, Layout.SLOTS), layout, CLOCK, PORTS_PER_GROUP);
    }

    private static PortSeriesKey port(int i) {
        return new PortSeriesKey("0x%016x".formatted(0x0002_c903_0000_0000L + i / 2), i % 2 + 1);
    }

    /**
     * Seven ports over three groups, with three different starts and irregular samples (gaps past the
     * heartbeat, samples off the step grid, series missing), side by side with rrd4j files updated by
     * rrd4j: rrd4j's XML dump of each slot equals that of its file (state, consolidation state, every row
     * of every archive with its time).
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void everyPortReadsAsTheFileRrd4jWouldHaveWritten(long seed) throws IOException {
        Random random = new Random(seed);
        RandomAccessFileBackendFactory plain = new RandomAccessFileBackendFactory();
        Map<PortSeriesKey, PortFile> references = new HashMap<>();
        Map<PortSeriesKey, Instant> clocks = new HashMap<>();
        try (PortSlots slots = slots(temp.resolve("slots"))) {
            for (int i = 0; i < 7; i++) {
                PortSeriesKey port = port(i);
                // three starts among seven ports: most pages are copies of one rrd4j made for the same start
                Instant first = Instant.ofEpochSecond(START + 1_237L * random.nextInt(3));
                Path file = temp.resolve(i + ".rrd");
                references.put(port, new PortFile(RrdDb.getBuilder().setRrdDef(layout.definition(file,
                        first.getEpochSecond())).setBackendFactory(plain).build()));
                clocks.put(port, first);
            }
            for (int round = 0; round < 1_500; round++) {
                for (int i = 0; i < 7; i++) {
                    PortSeriesKey port = port(i);
                    Instant at = clocks.get(port);
                    PortRateSample sample = sample(port, at, random);
                    boolean stored = slots.write(port, at.getEpochSecond(), writer -> writer.update(sample));
                    assertThat(stored).isEqualTo(references.get(port).update(sample));
                    clocks.put(port, at.plusSeconds(gap(random)));
                }
            }
            for (int i = 0; i < 7; i++) {
                PortSeriesKey port = port(i);
                String slot = slots.read(port, file -> file.db().getXml()).orElseThrow();
                assertThat(slot).as("port %s", port).isEqualTo(references.get(port).db().getXml());
                references.get(port).close();
            }
            assertThat(slots.status()).isEqualTo("7 slots in 3 groups of 3");
        }
    }

    /**
     * Rings start time-aligned: whenever a port was created, the value of the step stamped {@code T} is in row
     * {@code (T / resolution) mod rows} of the finest archive, next to every other port of its group.
     */
    @Test
    void everyPortOfAGroupKeepsATimeInTheSameRow() throws IOException {
        Path directory = temp.resolve("slots");
        long t0 = 1_800_000_000L;
        int rows = layout.archiveRows()[0];
        int datasource;
        try (PortSlots slots = slots(directory)) {
            for (int step = 0; step < 50; step++) {
                write(slots, port(0), t0 + 10L * step, step);
                if (step >= 7) {
                    write(slots, port(1), t0 + 10L * step, 1_000 + step);
                }
            }
            datasource = slots.read(port(0), file -> file.db().getDsIndex("SymbolErrorCounter")).orElseThrow();
        }
        SlotFields fields = new SlotFields(RateSeries.all().size(), layout.archiveRows().length, PORTS_PER_GROUP);
        ByteBuffer archive = ByteBuffer.wrap(Files.readAllBytes(directory.resolve(SlotGroup.archiveFileName(0, 0))));
        for (int step = 7; step < 49; step++) {
            long stamp = t0 + 10L * step + 10;
            int row = (int) (stamp / 10 % rows);
            double first = UnknownAsZero.decode(archive.getLong(Math.toIntExact(
                    fields.valueBase(0) + fields.value(0, row, datasource))));
            double second = UnknownAsZero.decode(archive.getLong(Math.toIntExact(
                    fields.valueBase(1) + fields.value(0, row, datasource))));
            assertThat(first).as("port 0 at %d", stamp).isEqualTo(step);
            assertThat(second).as("port 1 at %d", stamp).isEqualTo(1_000 + step);
        }
    }

    @Test
    void portsKeepTheirSlotsAndHistoryAcrossARestart() throws IOException {
        Path directory = temp.resolve("slots");
        String before;
        try (PortSlots slots = slots(directory)) {
            for (int i = 0; i < 5; i++) {
                write(slots, port(i), START + 10, i);
                write(slots, port(i), START + 20, i + 1);
            }
            before = slots.read(port(4), file -> file.db().getXml()).orElseThrow();
        }
        try (PortSlots slots = slots(directory)) {
            assertThat(slots.ports()).containsExactly(port(0), port(1), port(2), port(3), port(4));
            assertThat(slots.read(port(4), file -> file.db().getXml())).contains(before);
            write(slots, port(5), START + 30, 7);
            assertThat(slots.ports()).hasSize(6);
        }
        assertThat(Files.size(directory.resolve(SlotIndex.FILE_NAME))).isEqualTo(6L * SlotIndex.RECORD);
        assertThat(directory.resolve(SlotGroup.stateFileName(1))).exists();
        assertThat(directory.resolve(SlotGroup.stateFileName(2))).doesNotExist();
    }

    /** A crash mid-append leaves part of a record: dropped, and the slot goes to the next new port. */
    @Test
    void aRecordCutShortIsDroppedAndItsSlotGivenOutAgain() throws IOException {
        Path directory = temp.resolve("slots");
        try (PortSlots slots = slots(directory)) {
            write(slots, port(0), START + 10, 1);
            write(slots, port(1), START + 10, 2);
        }
        Files.write(directory.resolve(SlotIndex.FILE_NAME), new byte[] {0, 2, (byte) 0xc9, 3, 0, 0, 0},
                StandardOpenOption.APPEND);
        try (PortSlots slots = slots(directory)) {
            assertThat(slots.ports()).containsExactly(port(0), port(1));
            write(slots, port(2), START + 10, 3);
            assertThat(slots.ports()).containsExactly(port(0), port(1), port(2));
        }
        assertThat(Files.size(directory.resolve(SlotIndex.FILE_NAME))).isEqualTo(3L * SlotIndex.RECORD);
    }

    /**
     * A damaged last record loses its port's slot: the port starts afresh elsewhere, and the next port given
     * that slot sees none of the old port's rows.
     */
    @Test
    void aDamagedRecordsSlotIsClearedForItsNextPort() throws IOException {
        Path directory = temp.resolve("slots");
        try (PortSlots slots = slots(directory)) {
            write(slots, port(0), START + 10, 1);
            write(slots, port(1), START + 10, 2);
            write(slots, port(1), START + 20, 2);
        }
        corrupt(directory.resolve(SlotIndex.FILE_NAME), SlotIndex.RECORD + 13);
        try (PortSlots slots = slots(directory)) {
            assertThat(slots.ports()).containsExactly(port(0));
            write(slots, port(2), START + 100, 5);
            assertThat(slots.ports()).containsExactly(port(0), port(2));
            String dump = slots.read(port(2), file -> file.db().getXml()).orElseThrow();
            assertThat(dump).doesNotContain("<v>2.0").doesNotContain("<v>2.0000000000E00</v>");
            assertThat(slots.read(port(1), file -> 0)).isEmpty();
        }
    }

    /** A state file cut short and grown back holds zeros: those ports start afresh from their next sample. */
    @Test
    void aPortWhoseStateWasLostStartsAfreshAndKeepsItsRows() throws IOException {
        Path directory = temp.resolve("slots");
        try (PortSlots slots = slots(directory)) {
            write(slots, port(0), START + 10, 1);
            write(slots, port(1), START + 10, 2);
        }
        try (FileChannel state = FileChannel.open(directory.resolve(SlotGroup.stateFileName(0)),
                StandardOpenOption.WRITE)) {
            state.truncate(SlotFields.PAGE);
        }
        try (PortSlots slots = slots(directory)) {
            assertThat(slots.ports()).containsExactly(port(0), port(1));
            assertThat(write(slots, port(1), START + 500, 9)).isTrue();
            assertThat(lastUpdate(slots, port(1))).contains(START + 510);
            assertThat(lastUpdate(slots, port(0))).contains(START + 20);
        }
    }

    /** Only tampering names a port twice (the records carry a CRC): the port keeps its first slot, the server runs. */
    @Test
    void anIndexNamingAPortTwiceKeepsTheFirstSlot() throws IOException {
        Path directory = temp.resolve("slots");
        try (PortSlots slots = slots(directory)) {
            write(slots, port(0), START + 10, 1);
            write(slots, port(0), START + 20, 2);
        }
        byte[] record = Files.readAllBytes(directory.resolve(SlotIndex.FILE_NAME));
        Files.write(directory.resolve(SlotIndex.FILE_NAME), record, StandardOpenOption.APPEND);

        try (PortSlots slots = slots(directory)) {
            assertThat(slots.ports()).containsExactly(port(0));
            assertThat(lastUpdate(slots, port(0))).contains(START + 30);
            write(slots, port(1), START + 10, 3);
            assertThat(slots.status()).isEqualTo("3 slots in 1 groups of 3");
        }
    }

    /**
     * A damaged record among intact ones (a flipped bit) loses only its own slot: the ports after it keep
     * their slots and history, the slot is not given out again, and its port starts afresh in a new one.
     */
    @Test
    void aDamagedRecordAmongIntactOnesLosesOnlyItsSlot() throws IOException {
        Path directory = temp.resolve("slots");
        try (PortSlots slots = slots(directory)) {
            for (int i = 0; i < 4; i++) {
                write(slots, port(i), START + 10, i);
                write(slots, port(i), START + 20, 10 + i);
            }
        }
        corrupt(directory.resolve(SlotIndex.FILE_NAME), SlotIndex.RECORD + 3);
        try (PortSlots slots = slots(directory)) {
            assertThat(slots.ports()).containsExactly(port(0), port(2), port(3));
            assertThat(lastUpdate(slots, port(3))).contains(START + 30);
            assertThat(slots.read(port(1), file -> 0)).isEmpty();
            write(slots, port(1), START + 100, 7);
            assertThat(lastUpdate(slots, port(1))).contains(START + 110);
            assertThat(slots.status()).isEqualTo("5 slots in 2 groups of 3");
        }
        assertThat(Files.size(directory.resolve(SlotIndex.FILE_NAME))).isEqualTo(5L * SlotIndex.RECORD);
    }

    @Test
    void aGroupFileLargerThanItsLayoutIsRefused() throws IOException {
        Path directory = temp.resolve("slots");
        try (PortSlots slots = slots(directory)) {
            write(slots, port(0), START + 10, 1);
        }
        Path archive = directory.resolve(SlotGroup.archiveFileName(1, 0));
        long size = Files.size(archive);
        try (FileChannel channel = FileChannel.open(archive, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.allocate(1), size);
        }

        assertThatThrownBy(() -> slots(directory)).isInstanceOf(SeriesStoreException.class)
                .hasMessageContaining(archive + " is " + (size + 1) + " bytes, more than the " + size);
    }

    /** The directory's layout file decides, not the configuration: a changed configuration reads old ports. */
    @Test
    void slotsKeepTheLayoutTheyWereCreatedWith() throws IOException {
        Path directory = temp.resolve("slots");
        try (PortSlots slots = slots(directory)) {
            write(slots, port(0), START + 10, 1);
        }
        RrdLayout other = new RrdLayout(EmbeddedSeriesProperties.defaultsIn(directory));
        try (PortSlots slots = new PortSlots(directory, new StoreFormat(directory, Layout.SLOTS), other, CLOCK,
                PORTS_PER_GROUP)) {
            write(slots, port(0), START + 20, 2);
            write(slots, port(1), START + 20, 3);
            assertThat(slots.read(port(1), file -> file.db().getArcCount())).contains(layout.archiveRows().length);
        }
    }

    @Test
    void nothingIsCreatedUntilThePortsFirstWrite() throws IOException {
        Path directory = temp.resolve("slots");
        try (PortSlots slots = slots(directory)) {
            assertThat(slots.ports()).isEmpty();
            assertThat(slots.read(port(0), file -> 0)).isEmpty();
            assertThat(slots.status()).isEqualTo("no ports yet");
        }
        assertThat(directory).doesNotExist();
        try (PortSlots slots = slots(directory)) {
            write(slots, port(0), START + 10, 1);
        }
        assertThat(directory.resolve(StoreFormat.FILE_NAME)).content().isEqualTo(StoreFormat.SLOTS + "\n");
        assertThat(directory.resolve(PortSlots.LAYOUT_FILE)).exists();
    }

    private static boolean write(PortSlots slots, PortSeriesKey port, long second, double value) {
        PortRateSample sample = new PortRateSample(port, Instant.ofEpochSecond(second),
                Map.of(RateSeries.named("SymbolErrorCounter"), value));
        return slots.write(port, second, writer -> writer.update(sample));
    }

    private static Optional<Long> lastUpdate(PortSlots slots, PortSeriesKey port) {
        return slots.read(port, file -> file.db().getLastUpdateTime());
    }

    private static void corrupt(Path file, long offset) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, offset);
            one.put(0, (byte) (one.get(0) ^ 0x5a)).rewind();
            channel.write(one, offset);
        }
    }

    private static PortRateSample sample(PortSeriesKey port, Instant at, Random random) {
        Map<String, Double> rates = new HashMap<>();
        for (RateSeries series : RateSeries.all()) {
            if (random.nextInt(4) > 0) {
                rates.put(series.name(), random.nextInt(10) == 0 ? 0.0 : random.nextDouble() * 1e9);
            }
        }
        return PortRateSample.ofNames(port, at, rates);
    }

    /** Mostly one step, sometimes off the grid, sometimes past the heartbeat or the finest archive. */
    private static long gap(Random random) {
        int kind = random.nextInt(100);
        if (kind < 70) {
            return 10;
        }
        if (kind < 90) {
            return 1 + random.nextInt(30);
        }
        if (kind < 98) {
            return 10L * (2 + random.nextInt(10));
        }
        return 10L * (300 + random.nextInt(500));
    }
}
