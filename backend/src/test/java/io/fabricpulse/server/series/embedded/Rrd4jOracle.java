package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortRateSample;
import org.rrd4j.ConsolFun;
import org.rrd4j.DsType;
import org.rrd4j.core.Archive;
import org.rrd4j.core.RrdDb;
import org.rrd4j.core.RrdDef;
import org.rrd4j.core.RrdMemoryBackendFactory;
import org.rrd4j.core.Sample;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * rrd4j itself, updated by rrd4j with the samples a slot gets: the oracle the slots' arithmetic is held to.
 * An rrd4j file of the slot's layout (one GAUGE datasource per series, no bounds, an X-files factor just under
 * 1 so that a row is unknown only when all its steps are) takes each sample at one step after it, as the store
 * does; {@link #assertSlotMatches} then requires every row of every archive, by the time it ends, and the
 * port's state to be rrd4j's. The state is read from the state file at the offsets docs/STORAGE.md gives, not
 * through the store's own code, so a misplaced field fails here even when the store reads back what it wrote.
 */
final class Rrd4jOracle implements AutoCloseable {

    /** rrd4j's X-files factor that means "unknown only when every step is". */
    static final double XFF = 1 - 1e-9;

    private final Path file;
    private final SlotLayout layout;
    /** One factory for the file's life: it holds the file's bytes across a reopen. */
    private final RrdMemoryBackendFactory memory = new RrdMemoryBackendFactory();
    private RrdDb db;

    Rrd4jOracle(Path file, SlotLayout layout, long start) throws IOException {
        this.file = file;
        this.layout = layout;
        RrdDef definition = new RrdDef(file.toString(), start, layout.step());
        for (String series : layout.series()) {
            definition.addDatasource(series, DsType.GAUGE, layout.heartbeat(), Double.NaN, Double.NaN);
        }
        for (SlotLayout.Archive archive : layout.archives()) {
            definition.addArchive(archive.function() == Consolidation.MAX ? ConsolFun.MAX : ConsolFun.AVERAGE, XFF,
                    archive.stepsPerRow(), archive.rows());
        }
        this.db = RrdDb.getBuilder().setRrdDef(definition).setBackendFactory(memory)
                .build();
    }

    /** The sample, as the store stores it; false when rrd4j's file is not older than it (a replay). */
    boolean update(PortRateSample sample) throws IOException {
        long time = sample.at().getEpochSecond() + layout.step();
        if (time <= db.getLastUpdateTime()) {
            return false;
        }
        Sample update = db.createSample(time);
        sample.rates().forEach((series, rate) -> {
            int ds = layout.datasourceOf(series);
            if (ds >= 0) {
                update.setValue(ds, rate);
            }
        });
        update.update();
        return true;
    }

    /** Closes and opens the file: rrd4j forgets the last value of the current step, as a restarted store does. */
    void reopen() throws IOException {
        db.close();
        db = RrdDb.getBuilder().setPath(file.toString()).setBackendFactory(memory)
                .build();
    }

    /**
     * Requires slot {@code number} of the store in {@code directory}, reached through {@code slot}, to hold what
     * rrd4j holds: the state, then every row of every archive.
     */
    void assertSlotMatches(Slot slot, Path directory, int number, String what) throws IOException {
        assertStateMatches(directory, number, what);
        for (int a = 0; a < layout.archives().size(); a++) {
            Archive archive = db.getArchive(a);
            long resolution = archive.getArcStep();
            for (int ds = 0; ds < layout.datasources(); ds++) {
                double[] theirs = archive.getRobin(ds).getValues();
                List<Double> expected = new ArrayList<>();
                List<Long> expectedEnds = new ArrayList<>();
                for (int row = 0; row < theirs.length; row++) {
                    expected.add(theirs[row]);
                    expectedEnds.add(archive.getStartTime() + row * resolution);
                }
                List<Double> ours = new ArrayList<>();
                List<Long> ourEnds = new ArrayList<>();
                slot.archiveRows(a, ds, archive.getStartTime() - resolution, archive.getEndTime(), (start, length, value) -> {
                    ours.add(value);
                    ourEnds.add(start + length);
                });
                assertThat(ourEnds).as("%s: row ends of archive %d", what, a).isEqualTo(expectedEnds);
                assertThat(ours).as("%s: archive %d, %s", what, a, layout.series().get(ds)).isEqualTo(expected);
            }
        }
    }

    /** The state page, field by field at docs/STORAGE.md's offsets, against rrd4j's state. */
    private void assertStateMatches(Path directory, int number, String what) throws IOException {
        int datasources = layout.datasources();
        int archives = layout.archives().size();
        long pageBytes = Math.ceilDiv(8 + 24L * datasources + 20L * archives * datasources, 4096) * 4096;
        ByteBuffer page = ByteBuffer.allocate(Math.toIntExact(pageBytes));
        try (FileChannel state = FileChannel.open(directory.resolve("state-" + number / layout.portsPerGroup()),
                StandardOpenOption.READ)) {
            state.read(page, number % layout.portsPerGroup() * pageBytes);
        }
        assertThat(page.getLong(0)).as("%s: last update", what).isEqualTo(db.getLastUpdateTime());
        for (int ds = 0; ds < datasources; ds++) {
            int at = 8 + 24 * ds;
            assertThat(stored(page, at + 8)).as("%s: sum of %s", what, layout.series().get(ds))
                    .isEqualTo(Double.valueOf(db.getDatasource(ds).getAccumValue()));
            assertThat(page.getLong(at + 16)).as("%s: unknown seconds of %s", what, layout.series().get(ds))
                    .isEqualTo(db.getDatasource(ds).getNanSeconds());
            for (int a = 0; a < archives; a++) {
                int row = 8 + 24 * datasources + 20 * (a * datasources + ds);
                assertThat(stored(page, row + 4)).as("%s: archive %d's row in progress of %s", what, a,
                        layout.series().get(ds)).isEqualTo(Double.valueOf(db.getArchive(a).getArcState(ds).getAccumValue()));
                assertThat(page.getLong(row + 12)).as("%s: archive %d's unknown steps of %s", what, a,
                        layout.series().get(ds)).isEqualTo(db.getArchive(a).getArcState(ds).getNanSteps());
            }
        }
    }

    /** A double as docs/STORAGE.md stores it: its bits XOR NaN's. */
    static Double stored(ByteBuffer bytes, int at) {
        return Double.longBitsToDouble(bytes.getLong(at) ^ Double.doubleToRawLongBits(Double.NaN));
    }

    @Override
    public void close() throws IOException {
        db.close();
    }
}
