package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStoreException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The slots beyond the contract: every port of a slot store holds what rrd4j holds after the same samples, in
 * a slot of its own next to other ports in the same group's files; slots keep their ports across restarts and
 * group boundaries; a damaged index or a lost state page costs only what it must.
 */
class PortSlotsTest {

    private static final long START = 1_800_000_003L;
    private static final int PORTS_PER_GROUP = 3;

    @TempDir
    Path temp;

    private final SlotLayout layout = SlotLayout.of(TestLayouts.small(Path.of("unused")), PORTS_PER_GROUP);

    private PortSlots slots(Path directory) {
        return new PortSlots(directory, layout, new PortIndex());
    }

    static PortSeriesKey port(int i) {
        return new PortSeriesKey("0x%016x".formatted(0x0002_c903_0000_0000L + i / 2), i % 2 + 1);
    }

    /**
     * Seven ports over three groups, with three different starts and irregular samples (gaps past the
     * heartbeat, samples off the step grid, series missing), side by side with rrd4j files updated by
     * rrd4j: each slot's state and every row of every archive are rrd4j's, whichever group the slot is in.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void everyPortHoldsWhatRrd4jHoldsAfterTheSameSamples(long seed) throws IOException {
        Random random = new Random(seed);
        Path directory = temp.resolve("slots");
        List<Rrd4jOracle> references = new ArrayList<>();
        Map<PortSeriesKey, Instant> clocks = new HashMap<>();
        try (PortSlots slots = slots(directory)) {
            for (int i = 0; i < 7; i++) {
                Instant first = Instant.ofEpochSecond(START + 1_237L * random.nextInt(3));
                references.add(new Rrd4jOracle(temp.resolve(i + ".rrd"), layout, first.getEpochSecond()));
                clocks.put(port(i), first);
            }
            for (int round = 0; round < 1_500; round++) {
                for (int i = 0; i < 7; i++) {
                    Instant at = clocks.get(port(i));
                    PortRateSample sample = sample(port(i), at, random);
                    assertThat(slots.write(sample)).isEqualTo(references.get(i).update(sample));
                    clocks.put(port(i), at.plusSeconds(gap(random)));
                }
            }
            for (int i = 0; i < 7; i++) {
                assertHoldsWhatRrd4jHolds(slots, port(i), references.get(i), directory, i);
            }
            assertThat(slots.status()).isEqualTo("7 slots in 3 groups of 3");
        }
    }

    /**
     * Two ports under one lock stripe share its working copy of a state page ({@link StatePageCopy}): each update
     * starts from its own port's page, whatever the copy held for the other, and goes back to that page only.
     */
    @Test
    void portsUnderOneLockStripeKeepTheirOwnState() throws IOException {
        PortStripes stripes = new PortStripes();
        PortSeriesKey first = port(0);
        PortSeriesKey second = null;
        for (int i = 1; second == null; i++) {
            if (stripes.of(port(i)) == stripes.of(first)) {
                second = port(i);
            }
        }
        List<PortSeriesKey> ports = List.of(first, second);
        Random random = new Random(7);
        Path directory = temp.resolve("slots");
        List<Rrd4jOracle> references = new ArrayList<>();
        List<Instant> clocks = new ArrayList<>(List.of(Instant.ofEpochSecond(START), Instant.ofEpochSecond(START + 4)));
        try (PortSlots slots = slots(directory)) {
            for (int i = 0; i < 2; i++) {
                references.add(new Rrd4jOracle(temp.resolve(i + ".rrd"), layout, clocks.get(i).getEpochSecond()));
            }
            for (int round = 0; round < 600; round++) {
                for (int i = 0; i < 2; i++) {
                    PortRateSample sample = sample(ports.get(i), clocks.get(i), random);
                    assertThat(slots.write(sample)).isEqualTo(references.get(i).update(sample));
                    clocks.set(i, clocks.get(i).plusSeconds(gap(random)));
                }
            }
            for (int i = 0; i < 2; i++) {
                assertHoldsWhatRrd4jHolds(slots, ports.get(i), references.get(i), directory, i);
            }
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
        int rows = layout.rows(0);
        int datasource;
        try (PortSlots slots = slots(directory)) {
            for (int step = 0; step < 50; step++) {
                write(slots, port(0), t0 + 10L * step, step);
                if (step >= 7) {
                    write(slots, port(1), t0 + 10L * step, 1_000 + step);
                }
            }
            datasource = slots.layout().datasourceOf(RateSeries.named("SymbolErrorCounter"));
        }
        ByteBuffer archive = ByteBuffer.wrap(Files.readAllBytes(directory.resolve(SlotGroup.archiveFileName(0, 0))));
        int datasources = RateSeries.all().size();
        for (int step = 7; step < 49; step++) {
            long stamp = t0 + 10L * step + 10;
            int row = (int) (stamp / 10 % rows);
            // docs/STORAGE.md: slot s keeps row r of a group's archive at ((r x ports per group) + s) x D x 8
            double first = Rrd4jOracle.stored(archive, ((row * PORTS_PER_GROUP) * datasources + datasource) * 8);
            double second = Rrd4jOracle.stored(archive, ((row * PORTS_PER_GROUP + 1) * datasources + datasource) * 8);
            assertThat(first).as("port 0 at %d", stamp).isEqualTo(step);
            assertThat(second).as("port 1 at %d", stamp).isEqualTo(1_000 + step);
        }
    }

    @Test
    void portsKeepTheirSlotsAndHistoryAcrossARestart() throws IOException {
        Path directory = temp.resolve("slots");
        List<String> before;
        try (PortSlots slots = slots(directory)) {
            for (int i = 0; i < 5; i++) {
                write(slots, port(i), START + 10, i);
                write(slots, port(i), START + 20, i + 1);
            }
            before = slots.read(port(4), PortSlotsTest::dump).orElseThrow();
        }
        try (PortSlots slots = slots(directory)) {
            assertThat(slots.ports()).containsExactly(port(0), port(1), port(2), port(3), port(4));
            assertThat(slots.read(port(4), PortSlotsTest::dump)).contains(before);
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
            // every row of the slot port 1 held reads as unknown for port 2, but the one port 2 wrote
            assertThat(slots.read(port(2), PortSlotsTest::dump).orElseThrow())
                    .filteredOn(row -> !row.endsWith("=NaN")).containsExactly("updated 1800000113", "0/1800000110=5.0");
            assertThat(slots.read(port(1), slot -> 0)).isEmpty();
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
            state.truncate(SlotLayout.PAGE);
        }
        try (PortSlots slots = slots(directory)) {
            assertThat(slots.ports()).containsExactly(port(0), port(1));
            assertThat(write(slots, port(1), START + 500, 9)).isTrue();
            assertThat(lastUpdate(slots, port(1))).contains(START + 510);
            assertThat(lastUpdate(slots, port(0))).contains(START + 20);
            assertThat(slots.read(port(1), PortSlotsTest::dump).orElseThrow()).filteredOn(row -> row.startsWith("0/"))
                    .contains("0/1800000020=2.0", "0/1800000510=9.0");
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
            assertThat(slots.read(port(1), slot -> 0)).isEmpty();
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
        SlotLayout other = SlotLayout.of(EmbeddedSeriesProperties.defaultsIn(directory), PortSlots.PORTS_PER_GROUP);
        try (PortSlots slots = new PortSlots(directory, other, new PortIndex())) {
            write(slots, port(0), START + 20, 2);
            write(slots, port(1), START + 20, 3);
            assertThat(slots.layout().describe()).isEqualTo(layout.describe());
            assertThat(slots.status()).isEqualTo("2 slots in 1 groups of 3");
            assertThat(lastUpdate(slots, port(0))).contains(START + 30);
        }
    }

    @Test
    void nothingIsCreatedUntilThePortsFirstWrite() throws IOException {
        Path directory = temp.resolve("slots");
        try (PortSlots slots = slots(directory)) {
            assertThat(slots.ports()).isEmpty();
            assertThat(slots.read(port(0), slot -> 0)).isEmpty();
            assertThat(slots.status()).isEqualTo("no ports yet");
        }
        assertThat(directory).doesNotExist();
        try (PortSlots slots = slots(directory)) {
            write(slots, port(0), START + 10, 1);
        }
        assertThat(Files.readAllLines(directory.resolve(StoreFormat.FILE_NAME))).containsExactly(
                "fabricpulse-slots 2",
                "ports-per-group 3",
                "step 10",
                "heartbeat 60",
                "series " + String.join(" ", RateSeries.all().stream().map(RateSeries::name).toList()),
                "archive AVERAGE 1 360",
                "archive AVERAGE 6 1440",
                "archive MAX 6 1440");
    }

    private static boolean write(PortSlots slots, PortSeriesKey port, long second, double value) {
        return slots.write(new PortRateSample(port, Instant.ofEpochSecond(second),
                Map.of(RateSeries.named("SymbolErrorCounter"), value)));
    }

    private static Optional<Long> lastUpdate(PortSlots slots, PortSeriesKey port) {
        return slots.read(port, Slot::lastUpdate);
    }

    /** Every row of the SymbolErrorCounter series the slot holds, as "archive/end=value", and its latest update. */
    private static List<String> dump(Slot slot) {
        List<String> rows = new ArrayList<>();
        rows.add("updated " + slot.lastUpdate());
        for (int a = 0; a < 3; a++) {
            int archive = a;
            slot.archiveRows(a, 0, 0, Long.MAX_VALUE / 2, (start, length, value) ->
                    rows.add(archive + "/" + (start + length) + "=" + value));
        }
        return rows;
    }

    private static void corrupt(Path file, long offset) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, offset);
            one.put(0, (byte) (one.get(0) ^ 0x5a)).rewind();
            channel.write(one, offset);
        }
    }

    /** The port's slot, number {@code number} in the directory, holds what {@code reference} holds; closes the reference. */
    private static void assertHoldsWhatRrd4jHolds(PortSlots slots, PortSeriesKey port, Rrd4jOracle reference,
                                                  Path directory, int number) throws IOException {
        slots.read(port, slot -> {
            try {
                reference.assertSlotMatches(slot, directory, number, "port " + number);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return slot;
        });
        reference.close();
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
