package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.RateSeries;
import org.rrd4j.DsType;
import org.rrd4j.core.Archive;
import org.rrd4j.core.Datasource;
import org.rrd4j.core.Header;
import org.rrd4j.core.RrdDb;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Optional;

/**
 * Updates an rrd4j port file in place, doing what rrd4j's {@code Sample.update()} does to the file,
 * byte for byte ({@link RrdUpdate}, over the offsets of {@link RrdFields}), without rrd4j's object graph.
 *
 * <p>Why: an open {@link RrdDb} holds an object per field of its file (a datasource's state, an
 * archive's consolidation state and ring per datasource): about 50 KB of heap per port file with
 * the default layout, a gigabyte for 20,000 ports, all of it promoted through the young generation
 * while a fresh server meets its fabric, and read through pointer chains on every update. Here an
 * open file is its mapping, the offsets of its fields ({@link RrdFields}, shared knowledge of rrd4j's
 * format) and the one piece of state rrd4j keeps only in memory: each datasource's last value of the
 * current step, which MAX archives consolidate (rrd4j forgets it when a file is reopened, and so does
 * this class). rrd4j still creates, migrates, validates and reads every file; files stay rrd4j files.
 *
 * <p>Used only for files whose format this class knows (version 2, GAUGE datasources, no name ending
 * in {@code !}), after
 * checking that every offset holds what rrd4j reads there; {@code MappedPortWriterTest} holds the
 * result byte for byte against rrd4j's own update. Not thread-safe: {@link PortFiles} hands it to one
 * thread at a time.
 */
final class MappedPortWriter implements PortWriter {

    private static final int FORMAT_VERSION = 2;
    private static final String FORCE_ZEROS_SUFFIX = "!";

    private final MappedFile mapping;
    private final MemorySegment file;
    private final RrdShape shape;
    private final RrdFields fields;
    private final RrdUpdate update;
    /** Datasource index per {@link RateSeries#index()}; -1 when the file predates the series. */
    private final int[] datasourceOf;
    private boolean closed;

    private MappedPortWriter(MappedFile mapping, RrdDb db, int[] datasourceOf) throws IOException {
        this.mapping = mapping;
        this.file = mapping.segment();
        this.datasourceOf = datasourceOf;
        this.shape = RrdShape.of(db);
        this.fields = new RrdFields(shape.datasources(), shape.rows);
        MemorySegment[] archives = new MemorySegment[shape.archives()];
        Arrays.fill(archives, file);
        this.update = new RrdUpdate(shape, fields, file, 0, archives, 0);
    }

    /**
     * A writer for the file rrd4j has open as {@code db} through the mapped backend, taking over its
     * mapping; empty when the file is not mapped for writing, its format is not one this class knows,
     * or any field is not where {@link RrdFields} expects it. The caller closes {@code db} either way:
     * once there is a writer, closing it leaves the mapping to the writer, and only the writer may
     * write the file from then on.
     */
    static Optional<MappedPortWriter> of(RrdDb db, int[] datasourceOf) throws IOException {
        if (!(db.getRrdBackend() instanceof MappedFileBackendFactory.Mapped backend) || !knowsFormatOf(db)) {
            return Optional.empty();
        }
        Optional<MappedFile> mapping = backend.writableMapping();
        if (mapping.isEmpty()) {
            return Optional.empty();
        }
        MappedPortWriter writer = new MappedPortWriter(mapping.get(), db, datasourceOf);
        if (!writer.agreesWith(db)) {
            throw new IllegalStateException("the fields of " + db.getPath() + " are not where the mapped writer"
                    + " expects rrd4j " + db.getHeader().getSignature() + " to keep them");
        }
        backend.detachMapping();
        return Optional.of(writer);
    }

    /** Whether this class copies rrd4j's update for the file's format: version 2, GAUGE datasources only. */
    static boolean knowsFormatOf(RrdDb db) throws IOException {
        if (db.getHeader().getVersion() != FORMAT_VERSION) {
            return false;
        }
        for (int ds = 0; ds < db.getDsCount(); ds++) {
            Datasource datasource = db.getDatasource(ds);
            // A name ending in "!" makes rrd4j store zeros for unknown: not a case this class copies.
            if (datasource.getType() != DsType.GAUGE || datasource.getName().endsWith(FORCE_ZEROS_SUFFIX)) {
                return false;
            }
        }
        return true;
    }

    /** Every field this class reads or writes holds, at its offset, what rrd4j reads there. */
    private boolean agreesWith(RrdDb db) throws IOException {
        Header header = db.getHeader();
        boolean agrees = file.byteSize() == db.getRrdBackend().getLength()
                && file.byteSize() == fields.length(Arrays.asList(db.getDsNames()))
                && longAt(fields.step()) == header.getStep()
                && intAt(fields.datasourceCount()) == header.getDsCount()
                && intAt(fields.archiveCount()) == header.getArcCount()
                && longAt(fields.lastUpdateTime()) == header.getLastUpdateTime();
        for (int ds = 0; agrees && ds < shape.datasources(); ds++) {
            Datasource datasource = db.getDatasource(ds);
            agrees = longAt(fields.heartbeat(ds)) == shape.heartbeat[ds]
                    && same(doubleAt(fields.minValue(ds)), shape.minValue[ds])
                    && same(doubleAt(fields.maxValue(ds)), shape.maxValue[ds])
                    && same(doubleAt(fields.lastValue(ds)), datasource.getLastValue())
                    && same(doubleAt(fields.accumValue(ds)), datasource.getAccumValue())
                    && longAt(fields.nanSeconds(ds)) == datasource.getNanSeconds();
        }
        for (int arc = 0; agrees && arc < shape.archives(); arc++) {
            agrees = same(doubleAt(fields.xff(arc)), shape.xff[arc])
                    && intAt(fields.steps(arc)) == shape.steps[arc]
                    && intAt(fields.rows(arc)) == shape.rows[arc];
            Archive archive = db.getArchive(arc);
            for (int ds = 0; agrees && ds < shape.datasources(); ds++) {
                int pointer = intAt(fields.pointer(arc, ds));
                agrees = pointer >= 0 && pointer < shape.rows[arc]
                        && same(doubleAt(fields.stateAccumValue(arc, ds)), archive.getArcState(ds).getAccumValue())
                        && longAt(fields.stateNanSteps(arc, ds)) == archive.getArcState(ds).getNanSteps();
            }
        }
        return agrees;
    }

    private static boolean same(double a, double b) {
        return Double.doubleToRawLongBits(a) == Double.doubleToRawLongBits(b);
    }

    @Override
    public boolean update(PortRateSample sample) {
        return update.update(sample, datasourceOf);
    }

    /** rrd4j's {@code RrdDb.store}, see {@link RrdUpdate#store}. */
    void store(long oldTime, long newTime, double[] newValues) {
        update.store(oldTime, newTime, newValues);
    }

    private long longAt(long offset) {
        return file.get(RrdUpdate.LONG, offset);
    }

    private int intAt(long offset) {
        return file.get(RrdUpdate.INT, offset);
    }

    private double doubleAt(long offset) {
        return UnknownAsZero.decode(file.get(RrdUpdate.LONG, offset));
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            mapping.close();
        }
    }
}
