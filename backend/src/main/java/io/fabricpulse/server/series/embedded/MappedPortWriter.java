package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.RateValues;
import org.rrd4j.ConsolFun;
import org.rrd4j.DsType;
import org.rrd4j.core.Archive;
import org.rrd4j.core.Datasource;
import org.rrd4j.core.Header;
import org.rrd4j.core.RrdDb;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Optional;

/**
 * Updates an rrd4j port file in place, doing what rrd4j's {@code Sample.update()} does to the file,
 * byte for byte (values made canonical first, see {@link #store}), without rrd4j's object graph.
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

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final int FORMAT_VERSION = 2;
    private static final String FORCE_ZEROS_SUFFIX = "!";

    private final MappedFile mapping;
    private final MemorySegment file;
    private final RrdFields fields;
    private final long step;
    /** Datasource index per {@link RateSeries#index()}; -1 when the file predates the series. */
    private final int[] datasourceOf;
    private final long[] heartbeat;
    private final double[] minValue;
    private final double[] maxValue;
    private final ConsolFun[] function;
    private final double[] xff;
    private final int[] steps;
    private final int[] rows;
    /** rrd4j's {@code Datasource.accumLastValue}: memory only, unknown after opening. */
    private final double[] accumLastValue;
    /** The sample's value per datasource, reused. */
    private final double[] values;
    private boolean closed;

    private MappedPortWriter(MappedFile mapping, RrdDb db, int[] datasourceOf) throws IOException {
        this.mapping = mapping;
        this.file = mapping.segment();
        this.datasourceOf = datasourceOf;
        Header header = db.getHeader();
        int datasources = header.getDsCount();
        int archives = header.getArcCount();
        this.step = header.getStep();
        this.heartbeat = new long[datasources];
        this.minValue = new double[datasources];
        this.maxValue = new double[datasources];
        this.function = new ConsolFun[archives];
        this.xff = new double[archives];
        this.steps = new int[archives];
        this.rows = new int[archives];
        for (int ds = 0; ds < datasources; ds++) {
            Datasource datasource = db.getDatasource(ds);
            heartbeat[ds] = datasource.getHeartbeat();
            minValue[ds] = datasource.getMinValue();
            maxValue[ds] = datasource.getMaxValue();
        }
        for (int arc = 0; arc < archives; arc++) {
            Archive archive = db.getArchive(arc);
            function[arc] = archive.getConsolFun();
            xff[arc] = archive.getXff();
            steps[arc] = archive.getSteps();
            rows[arc] = archive.getRows();
        }
        this.fields = new RrdFields(datasources, rows);
        this.accumLastValue = new double[datasources];
        Arrays.fill(accumLastValue, Double.NaN);
        this.values = new double[datasources];
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
                && file.byteSize() == fields.end() + RrdFields.longNameBytes(Arrays.asList(db.getDsNames()))
                && longAt(fields.step()) == header.getStep()
                && intAt(fields.datasourceCount()) == header.getDsCount()
                && intAt(fields.archiveCount()) == header.getArcCount()
                && longAt(fields.lastUpdateTime()) == header.getLastUpdateTime();
        for (int ds = 0; agrees && ds < heartbeat.length; ds++) {
            Datasource datasource = db.getDatasource(ds);
            agrees = longAt(fields.heartbeat(ds)) == heartbeat[ds]
                    && same(doubleAt(fields.minValue(ds)), minValue[ds])
                    && same(doubleAt(fields.maxValue(ds)), maxValue[ds])
                    && same(doubleAt(fields.lastValue(ds)), datasource.getLastValue())
                    && same(doubleAt(fields.accumValue(ds)), datasource.getAccumValue())
                    && longAt(fields.nanSeconds(ds)) == datasource.getNanSeconds();
        }
        for (int arc = 0; agrees && arc < rows.length; arc++) {
            agrees = same(doubleAt(fields.xff(arc)), xff[arc])
                    && intAt(fields.steps(arc)) == steps[arc]
                    && intAt(fields.rows(arc)) == rows[arc];
            Archive archive = db.getArchive(arc);
            for (int ds = 0; agrees && ds < heartbeat.length; ds++) {
                int pointer = intAt(fields.pointer(arc, ds));
                agrees = pointer >= 0 && pointer < rows[arc]
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
        long newTime = sample.at().getEpochSecond() + step;
        long oldTime = longAt(fields.lastUpdateTime());
        if (newTime <= oldTime) {
            return false;
        }
        Arrays.fill(values, Double.NaN);
        RateValues.copyOf(sample.rates()).forEachRate((series, rate) -> {
            int ds = datasourceOf[series.index()];
            if (ds >= 0) {
                values[ds] = rate;
            }
        });
        store(oldTime, newTime, values);
        return true;
    }

    /**
     * rrd4j's {@code RrdDb.store}: every datasource, then the header's time. Values are made canonical
     * first (every NaN as {@link Double#NaN}, -0.0 as 0.0): rrd4j skips writing a field whose cached
     * value it considers equal, so a NaN of other bits or a -0.0 would leave different bytes there.
     */
    void store(long oldTime, long newTime, double[] newValues) {
        for (int ds = 0; ds < newValues.length; ds++) {
            double value = newValues[ds];
            process(ds, oldTime, newTime, Double.isNaN(value) ? Double.NaN : value + 0.0);
        }
        putLong(fields.lastUpdateTime(), newTime);
    }

    /** rrd4j's {@code Datasource.process} for a GAUGE datasource. */
    private void process(int ds, long oldTime, long newTime, double newValue) {
        long startTime = oldTime - oldTime % step;
        long endTime = startTime + step;
        double updateValue = Double.NaN;
        if (newTime - oldTime <= heartbeat[ds]) {
            updateValue = newValue;
            if (!Double.isNaN(updateValue)
                    && ((!Double.isNaN(minValue[ds]) && updateValue < minValue[ds])
                    || (!Double.isNaN(maxValue[ds]) && updateValue > maxValue[ds]))) {
                updateValue = Double.NaN;
            }
        }
        putDouble(fields.lastValue(ds), newValue);
        if (newTime < endTime) {
            accumulate(ds, oldTime, newTime, updateValue);
            return;
        }
        long boundaryTime = newTime - newTime % step;
        accumulate(ds, oldTime, boundaryTime, updateValue);
        long nanSeconds = longAt(fields.nanSeconds(ds));
        long validSeconds = boundaryTime - startTime - nanSeconds;
        double total = Double.NaN;
        double lastTotal = Double.NaN;
        if (nanSeconds <= heartbeat[ds] && validSeconds > 0) {
            total = doubleAt(fields.accumValue(ds)) / validSeconds;
            lastTotal = accumLastValue[ds];
        }
        long numSteps = (boundaryTime - endTime) / step + 1L;
        for (int arc = 0; arc < rows.length; arc++) {
            archive(arc, ds, function[arc] == ConsolFun.AVERAGE ? total : lastTotal, numSteps, oldTime);
        }
        putLong(fields.nanSeconds(ds), 0);
        putDouble(fields.accumValue(ds), 0.0);
        accumLastValue[ds] = Double.NaN;
        accumulate(ds, boundaryTime, newTime, updateValue);
    }

    /** rrd4j's {@code Datasource.accumulate}. */
    private void accumulate(int ds, long from, long to, double updateValue) {
        if (Double.isNaN(updateValue)) {
            putLong(fields.nanSeconds(ds), longAt(fields.nanSeconds(ds)) + (to - from));
        } else {
            putDouble(fields.accumValue(ds), doubleAt(fields.accumValue(ds)) + updateValue * (to - from));
            accumLastValue[ds] = updateValue;
        }
    }

    /** rrd4j's {@code Archive.archive}; {@code lastUpdateTime} is the header's time before this update. */
    private void archive(int arc, int ds, double value, long numUpdates, long lastUpdateTime) {
        long updateTime = lastUpdateTime - lastUpdateTime % step + step;
        long arcStep = step * steps[arc];
        long remaining = numUpdates;
        while (remaining > 0) {
            accumulate(arc, ds, value);
            remaining--;
            if (updateTime % arcStep == 0) {
                finalizeStep(arc, ds);
                break;
            }
            updateTime += step;
        }
        int bulkUpdateCount = (int) Math.min(remaining / steps[arc], rows[arc]);
        if (bulkUpdateCount > 0) {
            bulkStoreRows(arc, ds, value, bulkUpdateCount);
        }
        long left = remaining % steps[arc];
        for (long i = 0; i < left; i++) {
            accumulate(arc, ds, value);
        }
    }

    /** rrd4j's {@code Archive.accumulate}. */
    private void accumulate(int arc, int ds, double value) {
        if (Double.isNaN(value)) {
            long nanSteps = fields.stateNanSteps(arc, ds);
            putLong(nanSteps, longAt(nanSteps) + 1);
            return;
        }
        long offset = fields.stateAccumValue(arc, ds);
        double accumulated = doubleAt(offset);
        switch (function[arc]) {
            case MIN -> putDouble(offset, Double.isNaN(accumulated) ? value : Math.min(accumulated, value));
            case MAX -> putDouble(offset, Double.isNaN(accumulated) ? value : Math.max(accumulated, value));
            case FIRST -> {
                if (Double.isNaN(accumulated)) {
                    putDouble(offset, value);
                }
            }
            case LAST -> putDouble(offset, value);
            case AVERAGE, TOTAL -> putDouble(offset, Double.isNaN(accumulated) ? value : accumulated + value);
        }
    }

    /** rrd4j's {@code Archive.finalizeStep}. */
    private void finalizeStep(int arc, int ds) {
        long arcSteps = steps[arc];
        long nanSteps = longAt(fields.stateNanSteps(arc, ds));
        double accumulated = doubleAt(fields.stateAccumValue(arc, ds));
        if (nanSteps <= xff[arc] * arcSteps && !Double.isNaN(accumulated)) {
            if (function[arc] == ConsolFun.AVERAGE) {
                accumulated /= (arcSteps - nanSteps);
            }
            storeRow(arc, ds, accumulated);
        } else {
            storeRow(arc, ds, Double.NaN);
        }
        putDouble(fields.stateAccumValue(arc, ds), Double.NaN);
        putLong(fields.stateNanSteps(arc, ds), 0);
    }

    /** rrd4j's {@code RobinMatrix.store}. */
    private void storeRow(int arc, int ds, double value) {
        long pointerOffset = fields.pointer(arc, ds);
        int position = intAt(pointerOffset);
        putDouble(fields.value(arc, position, ds), value);
        putInt(pointerOffset, (position + 1) % rows[arc]);
    }

    /** rrd4j's {@code RobinMatrix.bulkStore}: {@code count} rows of one value, wrapping around the ring. */
    private void bulkStoreRows(int arc, int ds, double value, int count) {
        long pointerOffset = fields.pointer(arc, ds);
        int position = intAt(pointerOffset);
        int tail = Math.min(rows[arc] - position, count);
        for (int row = position; row < position + tail; row++) {
            putDouble(fields.value(arc, row, ds), value);
        }
        putInt(pointerOffset, (position + tail) % rows[arc]);
        int head = count - tail;
        if (head > 0) {
            for (int row = 0; row < head; row++) {
                putDouble(fields.value(arc, row, ds), value);
            }
            putInt(pointerOffset, head);
        }
    }

    private long longAt(long offset) {
        return file.get(LONG, offset);
    }

    private int intAt(long offset) {
        return file.get(INT, offset);
    }

    private double doubleAt(long offset) {
        return UnknownAsZero.decode(file.get(LONG, offset));
    }

    private void putLong(long offset, long value) {
        file.set(LONG, offset, value);
    }

    private void putInt(long offset, int value) {
        file.set(INT, offset, value);
    }

    private void putDouble(long offset, double value) {
        file.set(LONG, offset, UnknownAsZero.encode(value));
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            mapping.close();
        }
    }
}
