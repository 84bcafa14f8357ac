package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.ExpectedPort;
import io.fabricpulse.server.series.PortRate;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.WorstQuery;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import io.fabricpulse.server.series.SeriesStoreException;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the embedded store does beyond the contract: archives, replays, gaps, damage, older directories. */
class EmbeddedStoreBehaviourTest {

    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");
    private static final RateSeries SYMBOL_ERRORS = RateSeries.named("SymbolErrorCounter");
    private static final PortSeriesKey PORT = new PortSeriesKey("0x0002c90300317810", 1);

    @TempDir
    Path temp;

    private static EmbeddedSeriesStore store(Path directory) {
        return new EmbeddedSeriesStore(TestLayouts.small(directory));
    }

    private static PortRateSample sample(PortSeriesKey port, long secondsAfterT0, double value) {
        return new PortRateSample(port, T0.plusSeconds(secondsAfterT0), Map.of(SYMBOL_ERRORS, value));
    }

    private static List<Double> values(EmbeddedSeriesStore store, PortSeriesKey port, long from, long to, Duration step) {
        return store.rates(new RateQuery(port, SYMBOL_ERRORS, Consolidation.AVERAGE, T0.plusSeconds(from),
                T0.plusSeconds(to), step)).stream().map(RatePoint::value).toList();
    }

    @Test
    void nothingIsCreatedBeforeTheFirstWrite() {
        Path directory = temp.resolve("data/series");
        try (EmbeddedSeriesStore store = store(directory)) {
            assertThat(store.check().ok()).isTrue();
            assertThat(store.check().detail()).contains("will be created on the first write");
            assertThat(values(store, PORT, 0, 60, Duration.ofSeconds(10))).allMatch(v -> v.isNaN());
            assertThat(store.worst(new WorstQuery(SYMBOL_ERRORS, Consolidation.MAX, T0, T0.plusSeconds(60), 5)))
                    .isEmpty();
            assertThat(temp.resolve("data")).doesNotExist();

            store.write(List.of(sample(PORT, 0, 1)));
            assertThat(directory.resolve(StoreFormat.FILE_NAME)).isRegularFile();
            assertThat(directory.resolve(SlotIndex.FILE_NAME)).hasSize(SlotIndex.RECORD);
            assertThat(store.check().detail()).endsWith("is writable; 1 slots in 1 groups of 4096");
        }
    }

    @Test
    void aDirectoryThatCannotBeOneIsUnhealthy() throws Exception {
        Path file = Files.writeString(temp.resolve("not-a-directory"), "x");
        try (EmbeddedSeriesStore onAFile = store(file); EmbeddedSeriesStore under = store(file.resolve("series"))) {
            assertThat(onAFile.check().ok()).isFalse();
            assertThat(onAFile.check().detail()).contains("is not a directory");
            assertThat(under.check().ok()).isFalse();
            assertThat(under.check().detail()).contains("cannot be created");
        }
    }

    @Test
    void replaysAreSkippedAndCounted() {
        try (EmbeddedSeriesStore store = store(temp)) {
            List<PortRateSample> batch = List.of(sample(PORT, 0, 1), sample(PORT, 10, 2), sample(PORT, 20, 3));
            store.write(batch);
            store.write(batch);
            store.write(List.of(new PortRateSample(PORT, T0.plusSeconds(20).plusMillis(400), Map.of(SYMBOL_ERRORS, 9.0))));

            assertThat(store.skippedPoints()).isEqualTo(4);
            assertThat(values(store, PORT, 0, 30, Duration.ofSeconds(10))).containsExactly(1.0, 2.0, 3.0);
        }
    }

    @Test
    void aMissedSampleIsBridgedByTheNextOneWhoseRateCoversTheWholeInterval() {
        try (EmbeddedSeriesStore store = store(temp)) {
            store.write(List.of(sample(PORT, 0, 1), sample(PORT, 10, 2), sample(PORT, 30, 4)));

            assertThat(values(store, PORT, 0, 40, Duration.ofSeconds(10))).containsExactly(1.0, 2.0, 4.0, 4.0);
        }
    }

    @Test
    void olderDataIsAnsweredFromTheCoarserArchive() {
        // The small layout keeps 10 s rows for an hour and minutes for a day; write two hours.
        try (EmbeddedSeriesStore store = store(temp)) {
            List<PortRateSample> samples = new ArrayList<>();
            for (int i = 0; i < 720; i++) {
                samples.add(sample(PORT, 10L * i, i % 6 == 5 ? 60 : 0));
            }
            store.write(samples);

            // First hour: only the minute archive reaches back; each minute averages one 60 and five 0s.
            assertThat(values(store, PORT, 0, 180, Duration.ofMinutes(1))).containsExactly(10.0, 10.0, 10.0);
            assertThat(values(store, PORT, 0, 30, Duration.ofSeconds(10))).containsExactly(10.0, 10.0, 10.0);
            assertThat(store.rates(new RateQuery(PORT, SYMBOL_ERRORS, Consolidation.MAX, T0, T0.plusSeconds(120),
                    Duration.ofMinutes(1))).stream().map(RatePoint::value)).containsExactly(60.0, 60.0);
            // Last minutes: still at full resolution.
            assertThat(values(store, PORT, 7140, 7200, Duration.ofSeconds(10))).containsExactly(0.0, 0.0, 0.0, 0.0, 0.0,
                    60.0);
        }
    }

    /** Six writers, each reading back what it wrote, over ten groups of three ports. */
    @Test
    void concurrentWritersAndReadersLoseNothing() throws Exception {
        int writers = 6;
        int portsPerWriter = 5;
        int samples = 12;
        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(TestLayouts.small(temp), 3);
             ExecutorService pool = Executors.newFixedThreadPool(writers)) {
            List<Future<?>> tasks = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                tasks.add(pool.submit(() -> {
                    for (int s = 0; s < samples; s++) {
                        for (int p = 1; p <= portsPerWriter; p++) {
                            PortSeriesKey port = new PortSeriesKey("0x%016x".formatted(writer), p);
                            store.write(List.of(sample(port, 10L * s, writer * 100 + p * 10 + s)));
                            values(store, port, 0, 10L * (s + 1), Duration.ofSeconds(10));
                        }
                    }
                }));
            }
            for (Future<?> task : tasks) {
                task.get();
            }
            for (int w = 0; w < writers; w++) {
                for (int p = 1; p <= portsPerWriter; p++) {
                    List<Double> expected = new ArrayList<>();
                    for (int s = 0; s < samples; s++) {
                        expected.add((double) (w * 100 + p * 10 + s));
                    }
                    assertThat(values(store, new PortSeriesKey("0x%016x".formatted(w), p), 0, 10L * samples,
                            Duration.ofSeconds(10))).isEqualTo(expected);
                }
            }
            assertThat(store.skippedPoints()).isZero();
            assertThat(store.check().detail()).endsWith("30 slots in 10 groups of 3");
        }
    }

    /**
     * A group's archive file cut short (a full disk, a bad copy) is grown back as a hole: the rows it lost read as
     * unknown, the rows before the cut keep their values, and the port takes new samples.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 100, 359})
    void anArchiveFileCutShortLosesOnlyTheRowsItLost(int keptRows) throws Exception {
        List<PortRateSample> hour = new ArrayList<>();
        for (int i = 0; i < 360; i++) {
            hour.add(sample(PORT, 10L * i, 1 + i));
        }
        try (EmbeddedSeriesStore store = store(temp)) {
            store.write(hour);
        }
        Path archive = temp.resolve(SlotGroup.archiveFileName(0, 0));
        long rowBytes = 23 * 8 * PortSlots.PORTS_PER_GROUP;
        try (FileChannel channel = FileChannel.open(archive, StandardOpenOption.WRITE)) {
            channel.truncate(keptRows * rowBytes);
        }
        try (EmbeddedSeriesStore store = store(temp)) {
            store.write(List.of(sample(PORT, 3_600, 7)));

            List<Double> values = values(store, PORT, 10, 3_610, Duration.ofSeconds(10));
            for (int i = 0; i < 359; i++) {
                long end = T0.getEpochSecond() + 10L * (i + 1) + 10;
                long position = end / 10 % 360;
                // Row i was stored at its time-aligned position; it survived if the cut left that position whole.
                boolean kept = position < keptRows;
                assertThat(values.get(i)).as("row %d at position %d", i, position).isEqualTo(Double.valueOf(kept ? 2.0 + i : Double.NaN));
            }
            assertThat(values.get(359)).isEqualTo(7.0);
        }
        assertThat(Files.size(archive)).isEqualTo(360 * rowBytes);
    }

    /**
     * A directory made before a series existed (its {@code FORMAT} names fewer series) keeps its history and its
     * layout: the series it lacks are not stored there, the others are.
     */
    @Test
    void aDirectoryFromBeforeASeriesExistedKeepsItsHistoryWithoutIt() throws Exception {
        RateSeries newer = RateSeries.RCV_BYTES_PER_SECOND;
        SlotLayout current = SlotLayout.of(TestLayouts.small(temp), PortSlots.PORTS_PER_GROUP);
        StoreFormat.write(temp, new SlotLayout(current.portsPerGroup(), current.step(), current.heartbeat(),
                current.series().stream().filter(name -> !name.equals(newer.name())).toList(), current.archives()));
        try (EmbeddedSeriesStore store = store(temp)) {
            store.write(List.of(sample(PORT, 0, 7)));
        }

        try (EmbeddedSeriesStore store = store(temp)) {
            store.write(List.of(new PortRateSample(PORT, T0.plusSeconds(10), Map.of(SYMBOL_ERRORS, 8.0, newer, 1e9))));

            assertThat(values(store, PORT, 0, 20, Duration.ofSeconds(10))).containsExactly(7.0, 8.0);
            assertThat(store.rates(new RateQuery(PORT, newer, Consolidation.AVERAGE, T0, T0.plusSeconds(20),
                    Duration.ofSeconds(10))).stream().map(RatePoint::value)).containsExactly(Double.NaN, Double.NaN);
            assertThat(store.bytesPerPort()).isEqualTo(4096 + 22 * 8 * (360 + 2 * 1_440));
        }
        assertThat(Files.size(temp.resolve(SlotGroup.archiveFileName(0, 0)))).isEqualTo(360L * 22 * 8 * 4096);
    }

    /**
     * The one-file-per-port layout of earlier releases is not read, and never mixed with slots: such a directory
     * stops startup saying what to do, and nothing in it is touched.
     */
    @Test
    void aDirectoryOfPortFilesIsRefusedWithWhatToDo() throws Exception {
        Path node = Files.createDirectories(temp.resolve("0002c90300317810"));
        Files.writeString(node.resolve("1.rrd"), "a port file");
        Files.writeString(temp.resolve(StoreFormat.FILE_NAME), StoreFormat.FILES + "\n");

        assertThatThrownBy(() -> store(temp)).isInstanceOf(SeriesStoreException.class)
                .hasMessageContaining(temp + " holds one rrd4j file per port (the 'files' layout), which this release"
                        + " no longer reads")
                .hasMessageContaining("Move it aside (or set fabricpulse.series.embedded.directory to a new one): the"
                        + " store starts afresh there");

        Files.delete(temp.resolve(StoreFormat.FILE_NAME));
        assertThatThrownBy(() -> store(temp)).isInstanceOf(SeriesStoreException.class)
                .hasMessageContaining(temp + " holds one rrd4j file per port of a release before the FORMAT file"
                        + " existed")
                .hasMessageContaining("Move it aside");
        try (var entries = Files.list(temp)) {
            assertThat(entries).containsExactly(node);
        }
        assertThat(node.resolve("1.rrd")).hasContent("a port file");
    }

    @Test
    void aFormatThisReleaseDoesNotKnowIsRefusedNotMisread() throws Exception {
        Files.writeString(temp.resolve(StoreFormat.FILE_NAME), "fabricpulse-slots 9\n");
        assertThatThrownBy(() -> store(temp)).isInstanceOf(SeriesStoreException.class)
                .hasMessageContaining("says 'fabricpulse-slots 9'; this release reads '" + StoreFormat.NAME + "'");

        Files.writeString(temp.resolve(StoreFormat.FILE_NAME), StoreFormat.NAME + "\nstep 10\narchive SUM 1 360\n");
        assertThatThrownBy(() -> store(temp)).isInstanceOf(SeriesStoreException.class)
                .hasMessageContaining(StoreFormat.FILE_NAME + " is damaged: cannot read the line 'archive SUM 1 360'");
    }

    @Test
    void aNewGroupIsWrittenOnlyWhereItHoldsData() throws Exception {
        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(EmbeddedSeriesProperties.defaultsIn(temp), 3)) {
            store.write(List.of(sample(PORT, 0, 5)));
        }
        long length = 0;
        long nonZero = 0;
        try (var files = Files.list(temp)) {
            for (Path file : files.filter(f -> f.getFileName().toString().matches("(state|archive[0-9]+)-0")).toList()) {
                for (byte b : Files.readAllBytes(file)) {
                    nonZero += b == 0 ? 0 : 1;
                }
                length += Files.size(file);
            }
        }
        // three default slots are 4 MB of files, sparse: unknown is zero bytes, so only the state and the row differ
        assertThat(length).isEqualTo(3 * EmbeddedSizingTest.DOCUMENTED_DEFAULT_BYTES_PER_SLOT);
        assertThat(nonZero).isBetween(1L, 23L * 16 + 7 * 23 * 8 + 8 + 16);
        assertThat(Files.readAllLines(temp.resolve(StoreFormat.FILE_NAME)).getFirst()).isEqualTo(StoreFormat.NAME);
    }

    @Test
    void anExpectedPortsSlotIsMadeAheadOfItsFirstPointAndTakesPointsAfterItsFirstSight() throws Exception {
        try (EmbeddedSeriesStore store = store(temp)) {
            store.expect(List.of(new ExpectedPort(PORT, T0.plusSeconds(10))));
            await().atMost(Duration.ofSeconds(30)).until(() -> store.check().detail().endsWith(" 1 slots in 1 groups of 4096"));

            // The first rate is of the sample after the first sight, however late it is written.
            store.write(List.of(sample(PORT, 20, 4), sample(PORT, 30, 6)));

            assertThat(values(store, PORT, 20, 40, Duration.ofSeconds(10))).containsExactly(4.0, 6.0);
            assertThat(store.skippedPoints()).isZero();
        }
    }

    @Test
    void aLargeBatchSharedBetweenWritersKeepsEachPortsSamplesInOrder() {
        List<PortSeriesKey> ports = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            ports.add(new PortSeriesKey(String.format("0x0002c903%08x", i), 1 + i % 36));
        }
        List<PortRateSample> batch = new ArrayList<>();
        for (int step = 0; step < 3; step++) {
            for (PortSeriesKey port : ports) {
                batch.add(sample(port, 10L * step, step + 1));
            }
        }
        try (EmbeddedSeriesStore store = store(temp)) {
            store.write(batch);

            for (PortSeriesKey port : ports) {
                assertThat(values(store, port, 0, 30, Duration.ofSeconds(10))).as(port.toString())
                        .containsExactly(1.0, 2.0, 3.0);
            }
            assertThat(store.skippedPoints()).isZero();
        }
    }

    @Test
    void strayFilesInTheDirectoryAreNotPorts() throws Exception {
        try (EmbeddedSeriesStore store = store(temp)) {
            store.write(List.of(sample(PORT, 0, 3)));
        }
        Files.createDirectories(temp.resolve("0002c90300317811"));
        Files.writeString(temp.resolve("0002c90300317811/1.rrd"), "x");
        Files.writeString(temp.resolve("state-7"), "x");
        Files.writeString(temp.resolve("README"), "x");
        try (EmbeddedSeriesStore store = store(temp)) {
            assertThat(store.worst(new WorstQuery(SYMBOL_ERRORS, Consolidation.AVERAGE, T0, T0.plusSeconds(10), 10)))
                    .containsExactly(new PortRate(PORT, 3.0));
            assertThat(store.check().detail()).endsWith("1 slots in 1 groups of 4096");
        }
    }

    @Test
    void aClosedStoreRefusesWork() {
        EmbeddedSeriesStore store = store(temp);
        store.write(List.of(sample(PORT, 0, 1)));
        store.close();

        assertThatThrownBy(() -> store.write(List.of(sample(PORT, 10, 1)))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
        assertThatThrownBy(() -> values(store, PORT, 0, 10, Duration.ofSeconds(10)))
                .isInstanceOf(IllegalStateException.class);
    }
}
