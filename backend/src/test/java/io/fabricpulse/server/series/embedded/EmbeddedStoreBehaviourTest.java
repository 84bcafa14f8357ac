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
import static io.fabricpulse.server.series.embedded.EmbeddedSeriesProperties.Layout.FILES;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rrd4j.core.RrdDb;
import org.rrd4j.core.RrdDef;
import io.fabricpulse.server.series.SeriesStoreException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the embedded store does beyond the contract: files, archives, replays, damage, upgrades. */
class EmbeddedStoreBehaviourTest {

    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");
    private static final RateSeries SYMBOL_ERRORS = RateSeries.named("SymbolErrorCounter");
    private static final PortSeriesKey PORT = new PortSeriesKey("0x0002c90300317810", 1);
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-05T08:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path temp;

    private EmbeddedSeriesStore store(Path directory) {
        return new EmbeddedSeriesStore(TestLayouts.small(directory, EmbeddedSeriesProperties.FileAccess.MAPPED, FILES), CLOCK);
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
            assertThat(directory.resolve("0002c90300317810/1.rrd")).isRegularFile();
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

    @Test
    void aFewOpenFilesServeManyPorts() {
        EmbeddedSeriesProperties properties = new EmbeddedSeriesProperties(temp, Duration.ofSeconds(10),
                Duration.ofSeconds(60), TestLayouts.small(temp, EmbeddedSeriesProperties.FileAccess.MAPPED, FILES).archives(),
                2, EmbeddedSeriesProperties.FileAccess.MAPPED, FILES);
        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(properties, CLOCK)) {
            for (int round = 0; round < 5; round++) {
                for (int port = 1; port <= 7; port++) {
                    store.write(List.of(sample(new PortSeriesKey(PORT.nodeGuid(), port), 10L * round, port * 10 + round)));
                }
            }
            for (int port = 1; port <= 7; port++) {
                assertThat(values(store, new PortSeriesKey(PORT.nodeGuid(), port), 0, 50, Duration.ofSeconds(10)))
                        .containsExactly(port * 10.0, port * 10 + 1.0, port * 10 + 2.0, port * 10 + 3.0, port * 10 + 4.0);
            }
            assertThat(store.check().detail()).contains("2 port files open");
        }
    }

    @Test
    void concurrentWritersThroughATinyCacheLoseNothing() throws Exception {
        EmbeddedSeriesProperties properties = new EmbeddedSeriesProperties(temp, Duration.ofSeconds(10),
                Duration.ofSeconds(60), TestLayouts.small(temp, EmbeddedSeriesProperties.FileAccess.MAPPED, FILES).archives(),
                3, EmbeddedSeriesProperties.FileAccess.MAPPED, FILES);
        int writers = 6;
        int portsPerWriter = 5;
        int samples = 12;
        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(properties, CLOCK);
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
            assertThat(store.check().detail()).containsPattern(" [0-9] port files open");
        }
    }

    @Test
    void anUnreadableFileIsSetAsideAndThePortStartsAfresh() throws Exception {
        markCurrentFormat();
        Path node = Files.createDirectories(temp.resolve("0002c90300317810"));
        Files.writeString(node.resolve("1.rrd"), "this is not an rrd file, it is what a full disk left behind");
        try (EmbeddedSeriesStore store = store(temp)) {
            store.write(List.of(sample(PORT, 0, 5)));

            assertThat(values(store, PORT, 0, 10, Duration.ofSeconds(10))).containsExactly(5.0);
        }
        assertThat(node.resolve("1.rrd.unreadable-" + CLOCK.millis())).hasContent(
                "this is not an rrd file, it is what a full disk left behind");
    }

    @ParameterizedTest
    @ValueSource(ints = {4000, 300_000, 601_000})
    void aTruncatedFileIsSetAsideToo(int keptBytes) throws Exception {
        try (EmbeddedSeriesStore store = store(temp)) {
            store.write(List.of(sample(PORT, 0, 5)));
        }
        Path file = temp.resolve("0002c90300317810/1.rrd");
        byte[] whole = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(whole, keptBytes));
        try (EmbeddedSeriesStore store = store(temp)) {
            store.write(List.of(sample(PORT, 10, 6)));

            assertThat(values(store, PORT, 0, 20, Duration.ofSeconds(10))).containsExactly(Double.NaN, 6.0);
        }
        assertThat(temp.resolve("0002c90300317810/1.rrd.unreadable-" + CLOCK.millis())).hasSize(keptBytes);
    }

    @Test
    void aFileFromBeforeASeriesExistedGainsItAndKeepsItsHistory() throws Exception {
        // A file as an older release would have made it: the same archives, two series fewer.
        RateSeries newer = RateSeries.RCV_BYTES_PER_SECOND;
        markCurrentFormat();
        Path file = Files.createDirectories(temp.resolve("0002c90300317810")).resolve("1.rrd");
        EmbeddedSeriesProperties properties = TestLayouts.small(temp, EmbeddedSeriesProperties.FileAccess.MAPPED, FILES);
        RrdDef current = new RrdLayout(properties).definition(file, T0.getEpochSecond());
        RrdDef old = new RrdDef(file.toString(), T0.getEpochSecond(), 10);
        Stream.of(current.getDsDefs()).filter(ds -> !ds.getDsName().equals(newer.name())
                && !ds.getDsName().equals("PortMulticastRcvPkts")).forEach(old::addDatasource);
        old.addArchive(current.getArcDefs());
        try (RrdDb db = RrdDb.getBuilder().setRrdDef(old).setBackendFactory(new RandomAccessFileBackendFactory())
                .build()) {
            db.createSample(T0.getEpochSecond() + 10).setValue(SYMBOL_ERRORS.name(), 7).update();
        }

        try (EmbeddedSeriesStore store = store(temp)) {
            store.write(List.of(new PortRateSample(PORT, T0.plusSeconds(10), Map.of(SYMBOL_ERRORS, 8.0, newer, 1e9))));

            assertThat(values(store, PORT, 0, 20, Duration.ofSeconds(10))).containsExactly(7.0, 8.0);
            assertThat(store.rates(new RateQuery(PORT, newer, Consolidation.AVERAGE, T0, T0.plusSeconds(20),
                    Duration.ofSeconds(10))).stream().map(RatePoint::value)).containsExactly(Double.NaN, 1e9);
        }
        assertThat(Files.size(file)).isEqualTo(new RrdLayout(properties).bytesPerPort());
        assertThat(file.resolveSibling("1.rrd.migrating")).doesNotExist();
    }

    private void markCurrentFormat() throws IOException {
        Files.writeString(temp.resolve(StoreFormat.FILE_NAME), StoreFormat.CURRENT + "\n");
    }

    @Test
    void portFilesOfAnEarlierFormatAreRefusedNotMisread() throws Exception {
        Files.createDirectories(temp.resolve("0002c90300317810"));
        Files.writeString(temp.resolve("0002c90300317810/1.rrd"), "written before the FORMAT file existed");

        assertThatThrownBy(() -> store(temp)).isInstanceOf(SeriesStoreException.class)
                .hasMessageContaining(temp + " holds port files of an earlier format (no FORMAT file)");

        Files.writeString(temp.resolve(StoreFormat.FILE_NAME), "fabricpulse-rrd4j 9\n");
        assertThatThrownBy(() -> store(temp)).isInstanceOf(SeriesStoreException.class)
                .hasMessageContaining("says 'fabricpulse-rrd4j 9'; this server reads '" + StoreFormat.CURRENT + "'");
    }

    @Test
    void aNewFileIsWrittenOnlyWhereItHoldsData() throws Exception {
        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(new EmbeddedSeriesProperties(temp, Duration.ofSeconds(10),
                Duration.ofSeconds(60), EmbeddedSeriesProperties.DEFAULT_ARCHIVES, 4,
                EmbeddedSeriesProperties.FileAccess.MAPPED, FILES), CLOCK)) {
            store.write(List.of(sample(PORT, 0, 5)));
        }
        byte[] file = Files.readAllBytes(temp.resolve("0002c90300317810/1.rrd"));
        long nonZero = 0;
        for (byte b : file) {
            nonZero += b == 0 ? 0 : 1;
        }
        // rrd4j filled all 1.3 MB with unknown; stored as zero bytes, only the header and written rows differ.
        assertThat(file.length).isGreaterThan(1_000_000);
        assertThat(nonZero).isLessThan(file.length / 100);
        assertThat(Files.readString(temp.resolve(StoreFormat.FILE_NAME))).isEqualTo(StoreFormat.CURRENT + "\n");
    }

    @Test
    void anExpectedPortsFileIsCreatedAheadOfItsFirstPointAndTakesPointsAfterItsFirstSight() throws Exception {
        try (EmbeddedSeriesStore store = store(temp)) {
            store.expect(List.of(new ExpectedPort(PORT, T0.plusSeconds(10))));
            Path file = temp.resolve("0002c90300317810/1.rrd");
            await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(file) && store.check().detail()
                    .contains(" 1 port files open"));

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
            Files.createDirectories(temp.resolve("not-a-guid"));
            Files.writeString(temp.resolve("not-a-guid/1.rrd"), "x");
            Files.writeString(temp.resolve("0002c90300317810/999.rrd"), "x");
            Files.writeString(temp.resolve("0002c90300317810/notes.txt"), "x");
            Files.writeString(temp.resolve("README"), "x");

            assertThat(store.worst(new WorstQuery(SYMBOL_ERRORS, Consolidation.AVERAGE, T0, T0.plusSeconds(10), 10)))
                    .containsExactly(new PortRate(PORT, 3.0));
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
