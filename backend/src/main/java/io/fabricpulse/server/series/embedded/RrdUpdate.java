package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.RateValues;
import org.rrd4j.ConsolFun;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * What rrd4j's {@code Sample.update()} does to a file, byte for byte (values made canonical first, see
 * {@link #store}), done on the bytes where one port's fields are kept: its state at {@code stateBase} in
 * {@code state}, its rows at {@code valueBase} in each archive's segment, at the offsets of
 * {@link UpdateFields}. Holds the one piece of state rrd4j keeps only in memory: each datasource's last
 * value of the current step, which MAX archives consolidate (rrd4j forgets it when a file is reopened,
 * and so does this class). Not thread-safe: one thread at a time updates a port.
 */
final class RrdUpdate {

    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private final RrdShape shape;
    private final UpdateFields fields;
    private final MemorySegment state;
    private final long stateBase;
    private final MemorySegment[] values;
    private final long valueBase;
    /** rrd4j's {@code Datasource.accumLastValue}: memory only, unknown after opening. */
    private final double[] accumLastValue;

    RrdUpdate(RrdShape shape, UpdateFields fields, MemorySegment state, long stateBase, MemorySegment[] values,
              long valueBase) {
        this.shape = shape;
        this.fields = fields;
        this.state = state;
        this.stateBase = stateBase;
        this.values = values;
        this.valueBase = valueBase;
        this.accumLastValue = new double[shape.datasources()];
        Arrays.fill(accumLastValue, Double.NaN);
    }

    long lastUpdateTime() {
        return state.get(LONG, stateBase + fields.lastUpdateTime());
    }

    /** Sets every row of every archive to unknown (zero bytes): a slot given to another port. */
    void clearRows() {
        for (int arc = 0; arc < shape.archives(); arc++) {
            for (int row = 0; row < shape.rows[arc]; row++) {
                for (int ds = 0; ds < shape.datasources(); ds++) {
                    values[arc].set(LONG, valueBase + fields.value(arc, row, ds), 0L);
                }
            }
        }
    }

    /** Points every datasource's ring of archive {@code arc} at {@code row}: where its next row goes. */
    void startRingsAt(int arc, int row) {
        for (int ds = 0; ds < shape.datasources(); ds++) {
            putInt(fields.pointer(arc, ds), row);
        }
    }

    /**
     * Stores one sample's rates as rrd4j would, stamped one step after the sample: the step that starts at
     * the sample holds it ({@link PortFile}). Returns false, storing nothing, when that is not newer than
     * the port's latest update (a replay, or two samples within one second).
     *
     * @param datasourceOf the datasource per {@link RateSeries#index()}, -1 for a series the port lacks
     */
    boolean update(PortRateSample sample, int[] datasourceOf) {
        long newTime = sample.at().getEpochSecond() + shape.step;
        long oldTime = lastUpdateTime();
        if (newTime <= oldTime) {
            return false;
        }
        double[] values = new double[shape.datasources()];
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
        long step = shape.step;
        long startTime = oldTime - oldTime % step;
        long endTime = startTime + step;
        double updateValue = Double.NaN;
        if (newTime - oldTime <= shape.heartbeat[ds]) {
            updateValue = newValue;
            if (!Double.isNaN(updateValue)
                    && ((!Double.isNaN(shape.minValue[ds]) && updateValue < shape.minValue[ds])
                    || (!Double.isNaN(shape.maxValue[ds]) && updateValue > shape.maxValue[ds]))) {
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
        if (nanSeconds <= shape.heartbeat[ds] && validSeconds > 0) {
            total = doubleAt(fields.accumValue(ds)) / validSeconds;
            lastTotal = accumLastValue[ds];
        }
        long numSteps = (boundaryTime - endTime) / step + 1L;
        for (int arc = 0; arc < shape.archives(); arc++) {
            archive(arc, ds, shape.function[arc] == ConsolFun.AVERAGE ? total : lastTotal, numSteps, oldTime);
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
        long step = shape.step;
        int arcSteps = shape.steps[arc];
        long updateTime = lastUpdateTime - lastUpdateTime % step + step;
        long arcStep = step * arcSteps;
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
        int bulkUpdateCount = (int) Math.min(remaining / arcSteps, shape.rows[arc]);
        if (bulkUpdateCount > 0) {
            bulkStoreRows(arc, ds, value, bulkUpdateCount);
        }
        long left = remaining % arcSteps;
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
        switch (shape.function[arc]) {
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
        long arcSteps = shape.steps[arc];
        long nanSteps = longAt(fields.stateNanSteps(arc, ds));
        double accumulated = doubleAt(fields.stateAccumValue(arc, ds));
        if (nanSteps <= shape.xff[arc] * arcSteps && !Double.isNaN(accumulated)) {
            if (shape.function[arc] == ConsolFun.AVERAGE) {
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
        putValue(arc, position, ds, value);
        putInt(pointerOffset, (position + 1) % shape.rows[arc]);
    }

    /** rrd4j's {@code RobinMatrix.bulkStore}: {@code count} rows of one value, wrapping around the ring. */
    private void bulkStoreRows(int arc, int ds, double value, int count) {
        int rows = shape.rows[arc];
        long pointerOffset = fields.pointer(arc, ds);
        int position = intAt(pointerOffset);
        int tail = Math.min(rows - position, count);
        for (int row = position; row < position + tail; row++) {
            putValue(arc, row, ds, value);
        }
        putInt(pointerOffset, (position + tail) % rows);
        int head = count - tail;
        if (head > 0) {
            for (int row = 0; row < head; row++) {
                putValue(arc, row, ds, value);
            }
            putInt(pointerOffset, head);
        }
    }

    private void putValue(int arc, int row, int ds, double value) {
        values[arc].set(LONG, valueBase + fields.value(arc, row, ds), UnknownAsZero.encode(value));
    }

    private long longAt(long offset) {
        return state.get(LONG, stateBase + offset);
    }

    private int intAt(long offset) {
        return state.get(INT, stateBase + offset);
    }

    private double doubleAt(long offset) {
        return UnknownAsZero.decode(state.get(LONG, stateBase + offset));
    }

    private void putLong(long offset, long value) {
        state.set(LONG, stateBase + offset, value);
    }

    private void putInt(long offset, int value) {
        state.set(INT, stateBase + offset, value);
    }

    private void putDouble(long offset, double value) {
        state.set(LONG, stateBase + offset, UnknownAsZero.encode(value));
    }
}
