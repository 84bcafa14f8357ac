package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.RateValues;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * One port's slot: its state page and its rows in its group's archive files ({@link SlotLayout}), and what
 * an update and a read do to them. Not thread-safe: {@link PortSlots} runs everything done to a port under
 * the port's lock.
 *
 * <p>The arithmetic is rrd4j's (and RRDtool's) for GAUGE datasources, reduced to what this store uses;
 * tests hold it against rrd4j itself. A rate stored at time {@code t} (one step after the sample it
 * belongs to, see {@link #update}) holds for the seconds since the port's previous update, or is unknown
 * if those are more than the heartbeat. Every base step (a primary data point) is the time-weighted mean
 * of the rates known in it, unknown if more than the heartbeat of it is unknown. When an update completes
 * steps, each completed step gets that mean over all the seconds since the first of them began, and every
 * archive folds the steps into its rows: AVERAGE keeps the mean of a row's known steps, MAX the maximum of
 * the last rate known in each; a row is unknown only when all its steps are.
 */
final class Slot {

    /** Receives stored rows: a value covering {@code [startSecond, startSecond + lengthSeconds)}. */
    interface RowSink {
        void row(long startSecond, long lengthSeconds, double value);
    }

    private static final int HELD = Integer.MIN_VALUE;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    /*
     * The layout, the page and the rows are found from the group and the slot's place in it: the layout, the group's
     * segments and the page's offset kept here too, and a flag of its own, were 24 bytes of every port's slot.
     */
    private final SlotGroup group;
    /**
     * The slot's place in its group, and in the sign bit whether the page's last rates known in the current step
     * ({@link SlotLayout#lastKnown}, what a MAX archive takes from the step) were written by this process ({@link
     * #HELD}). They count as held in memory only, as rrd4j keeps them: after a restart a step's MAX is made of the
     * rates known since. In the page rather than in an array here: 200 bytes of heap a port at the default layout's
     * 23 series.
     */
    private int place;

    Slot(SlotGroup group, int slotInGroup) {
        this.group = group;
        this.place = slotInGroup;
    }

    /** The time of the port's latest update; 0 when its page holds no state (never made, or lost). */
    long lastUpdate() {
        return group.state().get(LONG, page() + SlotLayout.LAST_UPDATE);
    }

    /**
     * Makes the port's state as of {@code start}, its first update to come after it: the parts of the step and
     * of every archive's row before {@code start} count as unknown. Rows are left as they are.
     */
    void start(long start) {
        group.state().asSlice(page(), layout().stateBytes()).fill((byte) 0);
        putLong(SlotLayout.LAST_UPDATE, start);
        long stepStart = start - start % layout().step();
        for (int ds = 0; ds < layout().datasources(); ds++) {
            putDouble(layout().sum(ds), 0.0);
            putLong(layout().unknownSeconds(ds), start % layout().step());
            for (int a = 0; a < layout().archives().size(); a++) {
                putDouble(layout().rowInProgress(a, ds), Double.NaN);
                putLong(layout().unknownSteps(a, ds), stepStart % layout().resolution(a) / layout().step());
            }
        }
        place &= ~HELD;
    }

    /** Sets every row to unknown: the slot goes to another port. */
    void clearRows() {
        for (int a = 0; a < group.archives().length; a++) {
            for (int position = 0; position < layout().rows(a); position++) {
                group.archives()[a].asSlice(layout().valueOffset(slotInGroup(), position, 0), layout().rowBytes())
                        .fill((byte) 0);
            }
        }
    }

    /**
     * Stores one sample's rates at one step after the sample, so that the step starting at the sample holds
     * them (buckets are named by their start, rows by their end). Returns false, storing nothing, when that is
     * not after the port's latest update: a replay, or two samples within one second. {@code copy} is the
     * caller's working copy of a state page, whatever it held before.
     */
    boolean update(PortRateSample sample, StatePageCopy copy) {
        long time = sample.at().getEpochSecond() + layout().step();
        long previous = lastUpdate();
        if (time <= previous) {
            return false;
        }
        double[] rates = new double[layout().datasources()];
        Arrays.fill(rates, Double.NaN);
        RateValues.copyOf(sample.rates()).forEachRate((series, rate) -> {
            int ds = layout().datasourceOf(series);
            if (ds >= 0) {
                rates[ds] = rate;
            }
        });
        copy.load(group.state(), page(), (int) layout().usedStateBytes());
        store(previous, time, rates, copy);
        copy.writeBack();
        place |= HELD; // only once the page holds what HELD says: the last rates this process wrote
        return true;
    }

    /**
     * Stores {@code rates} (NaN: unknown) as holding from {@code previous}, the latest update, to {@code time}:
     * first every series' current step in {@code copy}, then, if steps were completed, every archive's rows.
     */
    private void store(long previous, long time, double[] rates, StatePageCopy copy) {
        if ((place & HELD) == 0) {
            for (int ds = 0; ds < layout().datasources(); ds++) {
                copy.putDouble(layout().lastKnown(ds), Double.NaN);
            }
        }
        long step = layout().step();
        long stepStart = previous - previous % step;
        boolean withinHeartbeat = time - previous <= layout().heartbeat();
        if (time < stepStart + step) {
            for (int ds = 0; ds < rates.length; ds++) {
                addSeconds(copy, ds, time - previous, withinHeartbeat ? rates[ds] : Double.NaN);
            }
            copy.putLong(SlotLayout.LAST_UPDATE, time);
            return;
        }
        long boundary = time - time % step;
        double[] mean = new double[rates.length];
        double[] last = new double[rates.length];
        for (int ds = 0; ds < rates.length; ds++) {
            double rate = withinHeartbeat ? rates[ds] : Double.NaN;
            addSeconds(copy, ds, boundary - previous, rate);
            long unknown = copy.longAt(layout().unknownSeconds(ds));
            long known = boundary - stepStart - unknown;
            boolean stepKnown = unknown <= layout().heartbeat() && known > 0;
            mean[ds] = stepKnown ? copy.doubleAt(layout().sum(ds)) / known : Double.NaN;
            last[ds] = stepKnown ? copy.doubleAt(layout().lastKnown(ds)) : Double.NaN;
            copy.putDouble(layout().sum(ds), 0.0);
            copy.putLong(layout().unknownSeconds(ds), 0);
            copy.putDouble(layout().lastKnown(ds), Double.NaN);
            addSeconds(copy, ds, time - boundary, rate);
        }
        for (int a = 0; a < group.archives().length; a++) {
            fold(copy, a, layout().keepsMax(a) ? last : mean, stepStart + step, boundary);
        }
        copy.putLong(SlotLayout.LAST_UPDATE, time);
    }

    private void addSeconds(StatePageCopy copy, int ds, long seconds, double rate) {
        if (Double.isNaN(rate)) {
            copy.putLong(layout().unknownSeconds(ds), copy.longAt(layout().unknownSeconds(ds)) + seconds);
        } else {
            copy.putDouble(layout().sum(ds), copy.doubleAt(layout().sum(ds)) + rate * seconds);
            copy.putDouble(layout().lastKnown(ds), rate);
        }
    }

    /**
     * Folds the completed steps ending at {@code firstEnd}, {@code firstEnd + step}, ..., {@code lastEnd}, each of
     * value {@code values[ds]}, into archive {@code a}: the row in progress takes steps until it ends and is
     * written, the whole rows after it are written at once (a ring holds at most {@code rows} of them), and the
     * rest start the next row.
     */
    private void fold(StatePageCopy copy, int a, double[] values, long firstEnd, long lastEnd) {
        long step = layout().step();
        long resolution = layout().resolution(a);
        long rowEnd = Math.ceilDiv(firstEnd, resolution) * resolution;
        if (lastEnd < rowEnd) {
            for (int ds = 0; ds < values.length; ds++) {
                addToRow(copy, a, ds, values[ds], (lastEnd - firstEnd) / step + 1);
            }
            return;
        }
        long before = (rowEnd - firstEnd) / step + 1;
        int finished = layout().position(a, rowEnd);
        long stepsAfter = (lastEnd - rowEnd) / step;
        long wholeRows = stepsAfter / layout().stepsPerRow(a);
        long after = stepsAfter % layout().stepsPerRow(a);
        for (int ds = 0; ds < values.length; ds++) {
            addToRow(copy, a, ds, values[ds], before);
            finishRow(copy, a, ds, finished);
            for (long row = Math.max(1, wholeRows - layout().rows(a) + 1); row <= wholeRows; row++) {
                putValue(a, (int) ((finished + row) % layout().rows(a)), ds, values[ds]);
            }
            addToRow(copy, a, ds, values[ds], after);
        }
    }

    /** Adds {@code count} steps of {@code value} to the row in progress, one by one as rrd4j adds them. */
    private void addToRow(StatePageCopy copy, int a, int ds, double value, long count) {
        if (count == 0) {
            return;
        }
        if (Double.isNaN(value)) {
            copy.putLong(layout().unknownSteps(a, ds), copy.longAt(layout().unknownSteps(a, ds)) + count);
            return;
        }
        long offset = layout().rowInProgress(a, ds);
        double row = copy.doubleAt(offset);
        for (long i = 0; i < count; i++) {
            row = Double.isNaN(row) ? value : layout().keepsMax(a) ? Math.max(row, value) : row + value;
        }
        copy.putDouble(offset, row);
    }

    /** Writes the row in progress, the mean (or maximum) of its known steps, at ring position {@code position}. */
    private void finishRow(StatePageCopy copy, int a, int ds, int position) {
        long unknownSteps = copy.longAt(layout().unknownSteps(a, ds));
        double row = copy.doubleAt(layout().rowInProgress(a, ds));
        if (!layout().keepsMax(a) && !Double.isNaN(row)) {
            row /= layout().stepsPerRow(a) - unknownSteps;
        }
        putValue(a, position, ds, row);
        copy.putDouble(layout().rowInProgress(a, ds), Double.NaN);
        copy.putLong(layout().unknownSteps(a, ds), 0);
    }

    /**
     * Feeds {@code sink} the stored rows of datasource {@code ds} that overlap {@code [from, to)}, from the
     * finest archive that answers {@code consolidation} and reaches back to {@code from} (or, when none does,
     * the one that reaches furthest back). MAX is also answered by an AVERAGE archive of one step per row,
     * whose rows hold one step each, so recent data keeps its full resolution.
     */
    void rows(int ds, Consolidation consolidation, long from, long to, RowSink sink) {
        int a = archiveFor(consolidation, from);
        if (a >= 0) {
            archiveRows(a, ds, from, to, sink);
        }
    }

    /** Feeds {@code sink} archive {@code a}'s rows of datasource {@code ds} that overlap {@code [from, to)}. */
    void archiveRows(int a, int ds, long from, long to, RowSink sink) {
        long resolution = layout().resolution(a);
        long newest = newestRowEnd(a);
        long first = Math.max(newest - (layout().rows(a) - 1) * resolution,
                (Math.floorDiv(from, resolution) + 1) * resolution);
        long last = Math.min(newest, Math.ceilDiv(to, resolution) * resolution);
        for (long end = first; end <= last; end += resolution) {
            sink.row(end - resolution, resolution, valueAt(a, layout().position(a, end), ds));
        }
    }

    /** The end of archive {@code a}'s newest completed row. */
    private long newestRowEnd(int a) {
        long time = lastUpdate();
        return time - time % layout().resolution(a);
    }

    /** The earliest second archive {@code a} holds: the start of its oldest row. */
    private long reach(int a) {
        return newestRowEnd(a) - layout().rows(a) * layout().resolution(a);
    }

    private int archiveFor(Consolidation consolidation, long from) {
        int best = -1;
        for (int a = 0; a < group.archives().length; a++) {
            SlotLayout.Archive archive = layout().archives().get(a);
            boolean answers = archive.function() == consolidation
                    || (consolidation == Consolidation.MAX && archive.stepsPerRow() == 1);
            if (answers && (best < 0 || better(a, best, from))) {
                best = a;
            }
        }
        return best;
    }

    private boolean better(int candidate, int best, long from) {
        boolean candidateReaches = reach(candidate) <= from;
        boolean bestReaches = reach(best) <= from;
        if (candidateReaches != bestReaches) {
            return candidateReaches;
        }
        if (candidateReaches || reach(candidate) == reach(best)) {
            return layout().resolution(candidate) < layout().resolution(best);
        }
        return reach(candidate) < reach(best);
    }

    private double valueAt(int a, int position, int ds) {
        return StoredDouble.decode(group.archives()[a].get(LONG, rowValue(position, ds)));
    }

    private void putValue(int a, int position, int ds, double value) {
        group.archives()[a].set(LONG, rowValue(position, ds), StoredDouble.encode(value));
    }

    private void putLong(long offset, long value) {
        group.state().set(LONG, page() + offset, value);
    }

    private void putDouble(long offset, double value) {
        group.state().set(LONG, page() + offset, StoredDouble.encode(value));
    }

    /** Where the slot's state page starts in its group's state file. */
    private long page() {
        return (long) slotInGroup() * layout().stateBytes();
    }

    private SlotLayout layout() {
        return group.layout();
    }

    private int slotInGroup() {
        return place & ~HELD;
    }

    /** Where series {@code ds}'s value of row {@code position} of this slot is in its group's archive files. */
    private long rowValue(int position, int ds) {
        return layout().valueOffset(slotInGroup(), position, ds);
    }
}
