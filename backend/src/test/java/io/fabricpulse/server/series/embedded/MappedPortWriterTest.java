package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rrd4j.ConsolFun;
import org.rrd4j.DsType;
import org.rrd4j.core.RrdDb;
import org.rrd4j.core.RrdDef;
import org.rrd4j.core.Sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The mapped writer leaves a port file exactly as rrd4j's own update does, byte for byte, for any
 * sequence of samples: on and off the step grid, gaps within and beyond the heartbeat, silences longer
 * than whole archives (rrd4j's bulk fill around the ring), unknown values, values outside a
 * datasource's bounds, every consolidation function, and files reopened in between (rrd4j forgets the
 * last value of the current step when it reopens a file, and so must the writer).
 */
class MappedPortWriterTest {

    private static final long START = 1_700_000_000L;
    private static final long STEP = 10;
    private static final int DATASOURCES = 4;

    @TempDir
    Path directory;

    private final MappedFileBackendFactory backend = new MappedFileBackendFactory();

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void leavesTheFileAsRrd4jDoes(long seed) throws IOException {
        Path byRrd4j = directory.resolve("rrd4j.rrd");
        Path byWriter = directory.resolve("writer.rrd");
        create(definition(byRrd4j)).close();
        create(definition(byWriter)).close();
        assertThat(Files.readAllBytes(byWriter)).isEqualTo(Files.readAllBytes(byRrd4j));

        Random random = new Random(seed);
        RrdDb db = open(byRrd4j);
        MappedPortWriter writer = writerFor(byWriter);
        long time = START;
        for (int update = 0; update < 3_000; update++) {
            long previous = time;
            time += gap(random);
            double[] values = new double[DATASOURCES];
            for (int ds = 0; ds < DATASOURCES; ds++) {
                values[ds] = value(random);
            }
            Sample sample = db.createSample(time);
            sample.setValues(values);
            sample.update();
            writer.store(previous, time, values);
            if (random.nextInt(200) == 0) {
                db.close();
                writer.close();
                db = open(byRrd4j);
                writer = writerFor(byWriter);
            }
        }
        db.close();
        writer.close();
        assertThat(Files.readAllBytes(byWriter)).as("seed %d", seed).isEqualTo(Files.readAllBytes(byRrd4j));
    }

    /**
     * The product's own path: the default layout (23 series, names longer than rrd4j keeps in place),
     * a file started off the step grid, samples naming only some series, and replays refused by both.
     */
    @Test
    void updatesTheDefaultLayoutAsRrd4jDoes() throws IOException {
        RrdLayout layout = new RrdLayout(EmbeddedSeriesProperties.defaultsIn(directory));
        long start = START + 7;
        Path byRrd4j = directory.resolve("rrd4j.rrd");
        Path byWriter = directory.resolve("writer.rrd");
        PortSeriesKey port = new PortSeriesKey("0x0002c90300317810", 1);
        Random random = new Random(42);
        try (PortFile rrd4j = new PortFile(create(layout.definition(byRrd4j, start)));
             PortFile created = new PortFile(create(layout.definition(byWriter, start)))) {
            MappedPortWriter writer = MappedPortWriter.of(created.db(), created.datasourceOf()).orElseThrow();
            Instant at = Instant.ofEpochSecond(start);
            for (int i = 0; i < 400; i++) {
                at = at.plusSeconds(gap(random) % 70 + 1);
                Map<String, Double> rates = new HashMap<>();
                for (RateSeries series : RateSeries.all()) {
                    if (random.nextInt(4) > 0) {
                        rates.put(series.name(), random.nextDouble() * 1e9);
                    }
                }
                PortRateSample sample = PortRateSample.ofNames(port, at, rates);
                assertThat(writer.update(sample)).isEqualTo(rrd4j.update(sample)).isTrue();
                if (i % 50 == 0) {
                    PortRateSample replay = PortRateSample.ofNames(port, at.minusSeconds(1), rates);
                    assertThat(writer.update(replay)).isEqualTo(rrd4j.update(replay)).isFalse();
                }
            }
            writer.close();
        }
        assertThat(Files.readAllBytes(byWriter)).isEqualTo(Files.readAllBytes(byRrd4j));
    }

    /**
     * rrd4j leaves a field alone when the value it last read or wrote there equals the new one in its
     * sense (every NaN alike, -0.0 as 0.0), so its bytes for such values depend on what it read
     * before. The writer stores them canonically instead, which reads back equal.
     */
    @Test
    void storesNegativeZeroAndOtherNaNsCanonically() throws IOException {
        Path path = directory.resolve("canonical.rrd");
        create(definition(path)).close();
        MappedPortWriter writer = writerFor(path);
        double otherNaN = Double.longBitsToDouble(0x7ff8_0000_0000_0001L);
        writer.store(START, START + 1, new double[] {-0.0, otherNaN, 20, 30});
        writer.close();
        try (RrdDb db = open(path)) {
            assertThat(Double.doubleToRawLongBits(db.getDatasource(0).getLastValue())).isZero();
            assertThat(Double.doubleToRawLongBits(db.getDatasource(1).getLastValue()))
                    .isEqualTo(Double.doubleToRawLongBits(Double.NaN));
        }
    }

    @Test
    void declinesFilesOfAFormatItDoesNotCopy() throws IOException {
        RrdDef counters = new RrdDef(directory.resolve("counter.rrd").toString(), START, STEP);
        counters.addDatasource("errors", DsType.COUNTER, 60, Double.NaN, Double.NaN);
        counters.addArchive(ConsolFun.AVERAGE, 0.5, 1, 10);
        RrdDef versionOne = new RrdDef(directory.resolve("v1.rrd").toString(), START, STEP);
        versionOne.setVersion(1);
        versionOne.addDatasource("rate", DsType.GAUGE, 60, Double.NaN, Double.NaN);
        versionOne.addArchive(ConsolFun.AVERAGE, 0.5, 1, 10);
        RrdDef forcedZeros = new RrdDef(directory.resolve("zeros.rrd").toString(), START, STEP);
        forcedZeros.addDatasource("rate!", DsType.GAUGE, 60, Double.NaN, Double.NaN);
        forcedZeros.addArchive(ConsolFun.AVERAGE, 0.5, 1, 10);
        for (RrdDef def : new RrdDef[] {counters, versionOne, forcedZeros}) {
            try (RrdDb db = create(def)) {
                assertThat(MappedPortWriter.of(db, new int[0]))
                        .as(def.getPath()).isEmpty();
            }
        }
    }

    /** Every consolidation function, bounds on two datasources, archives short enough to wrap often. */
    private static RrdDef definition(Path path) {
        RrdDef def = new RrdDef(path.toString(), START, STEP);
        def.addDatasource("plain", DsType.GAUGE, 60, Double.NaN, Double.NaN);
        def.addDatasource("bounded", DsType.GAUGE, 60, 0, 1_000);
        def.addDatasource("floor", DsType.GAUGE, 25, 10, Double.NaN);
        def.addDatasource("long heartbeat", DsType.GAUGE, 600, Double.NaN, Double.NaN);
        def.addArchive(ConsolFun.AVERAGE, RrdLayout.XFF, 1, 17);
        def.addArchive(ConsolFun.AVERAGE, 0.5, 3, 11);
        def.addArchive(ConsolFun.MAX, RrdLayout.XFF, 6, 7);
        def.addArchive(ConsolFun.MIN, 0.5, 2, 5);
        def.addArchive(ConsolFun.LAST, 0.5, 4, 5);
        def.addArchive(ConsolFun.FIRST, 0.5, 4, 5);
        def.addArchive(ConsolFun.TOTAL, 0.9, 5, 3);
        return def;
    }

    /** Mostly one step, sometimes off the grid, sometimes past a heartbeat or a whole archive. */
    private static long gap(Random random) {
        int kind = random.nextInt(100);
        if (kind < 60) {
            return STEP;
        }
        if (kind < 85) {
            return 1 + random.nextInt((int) (3 * STEP));
        }
        if (kind < 97) {
            return STEP * (2 + random.nextInt(10));
        }
        return STEP * (20 + random.nextInt(200));
    }

    private static double value(Random random) {
        int kind = random.nextInt(22);
        return switch (kind) {
            case 0 -> Double.NaN;
            case 1 -> 0;
            case 2 -> 1e30;
            case 3 -> -5;
            case 4 -> 5;
            case 5 -> Double.POSITIVE_INFINITY;
            default -> random.nextDouble() * 2_000;
        };
    }

    private RrdDb create(RrdDef def) throws IOException {
        RrdDb db = RrdDb.getBuilder().setRrdDef(def).setBackendFactory(backend).build();
        if (db.getRrdBackend() instanceof MappedFileBackendFactory.Creating creating) {
            creating.created();
        }
        return db;
    }

    private RrdDb open(Path path) throws IOException {
        return RrdDb.getBuilder().setPath(path.toString()).setBackendFactory(backend).build();
    }

    private MappedPortWriter writerFor(Path path) throws IOException {
        try (RrdDb db = open(path)) {
            Optional<MappedPortWriter> writer = MappedPortWriter.of(db, new int[0]);
            assertThat(writer).as("a writer for %s", path).isPresent();
            return writer.get();
        }
    }
}
