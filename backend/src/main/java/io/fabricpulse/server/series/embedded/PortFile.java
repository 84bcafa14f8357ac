package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.RateValues;
import org.rrd4j.ConsolFun;
import org.rrd4j.core.Archive;
import org.rrd4j.core.RrdDb;
import org.rrd4j.core.Sample;

import java.io.IOException;
import java.util.Arrays;

/**
 * One port file open through rrd4j: for reading, and for writing where {@link MappedPortWriter} does not
 * apply (the {@code file} access mode, a format it does not know). Not thread-safe: {@link PortFiles}
 * hands it to one thread at a time.
 *
 * <p>rrd4j files a value under the step that <em>ends</em> at the update time; FabricPulse's buckets
 * are named by their start (as InfluxDB's are). So a rate stamped {@code t} is written at
 * {@code t + step}, which makes the step {@code [t, t + step)} hold it, and a row that rrd4j stamps
 * {@code T} is read back as the bucket {@code [T - resolution, T)}.
 */
final class PortFile implements PortWriter {

    /** Receives stored rows: a value covering {@code [startSecond, startSecond + lengthSeconds)}. */
    interface RowSink {
        void row(long startSecond, long lengthSeconds, double value);
    }

    private final RrdDb db;
    private final long step;
    /** Datasource index in this file per {@link RateSeries#index()}; -1 when the file predates the series. */
    private final int[] datasourceOf;
    /** Reused for every update: rrd4j's createSample reads every datasource's name and allocates per call. */
    private Sample update;

    PortFile(RrdDb db) throws IOException {
        this.db = db;
        this.step = db.getHeader().getStep();
        this.datasourceOf = new int[RateSeries.all().size()];
        for (RateSeries series : RateSeries.all()) {
            datasourceOf[series.index()] = db.containsDs(series.name()) ? db.getDsIndex(series.name()) : -1;
        }
    }

    /** True when some series has no datasource in this file (it was created before the series existed). */
    boolean lacksSeries() {
        return Arrays.stream(datasourceOf).anyMatch(index -> index < 0);
    }

    RrdDb db() {
        return db;
    }

    /** Datasource index per {@link RateSeries#index()}; -1 for a series the file lacks. */
    int[] datasourceOf() {
        return datasourceOf.clone();
    }

    @Override
    public boolean update(PortRateSample sample) throws IOException {
        long updateTime = sample.at().getEpochSecond() + step;
        if (updateTime <= db.getLastUpdateTime()) {
            return false;
        }
        if (update == null) {
            update = db.createSample();
        }
        // Every value is unknown (NaN) here: a new Sample starts so, and update() clears it again.
        update.setTime(updateTime);
        Sample values = update;
        RateValues.copyOf(sample.rates()).forEachRate((series, rate) -> {
            int datasource = datasourceOf[series.index()];
            if (datasource >= 0) {
                values.setValue(datasource, rate);
            }
        });
        try {
            update.update();
        } catch (IOException | RuntimeException e) {
            update = null; // it may still hold this sample's values
            throw e;
        }
        return true;
    }

    /**
     * Feeds {@code sink} the stored rows of {@code series} that overlap {@code [from, to)}, from the
     * finest archive of the consolidation function that reaches back to {@code from} (or, when none
     * does, the one that reaches furthest back). MAX is also answered by the base AVERAGE archive,
     * whose rows hold one step each, so recent data keeps its full resolution.
     */
    void rows(RateSeries series, Consolidation consolidation, long from, long to, RowSink sink) throws IOException {
        int datasource = datasourceOf[series.index()];
        Archive archive = datasource < 0 ? null : archiveFor(consolidation, from);
        if (archive == null) {
            return;
        }
        long resolution = archive.getArcStep();
        long firstRowTime = archive.getStartTime();
        int rows = archive.getRows();
        // Row i is stamped firstRowTime + i * resolution and holds [stamp - resolution, stamp).
        long first = Math.max(0, Math.floorDiv(from - firstRowTime, resolution) + 1);
        long last = Math.min(rows - 1L, Math.ceilDiv(to + resolution - firstRowTime, resolution) - 1);
        if (first > last) {
            return;
        }
        double[] values = archive.getRobin(datasource).getValues((int) first, (int) (last - first + 1));
        for (int i = 0; i < values.length; i++) {
            long stamp = firstRowTime + (first + i) * resolution;
            sink.row(stamp - resolution, resolution, values[i]);
        }
    }

    private Archive archiveFor(Consolidation consolidation, long from) throws IOException {
        Archive best = null;
        for (int i = 0; i < db.getArcCount(); i++) {
            Archive candidate = db.getArchive(i);
            boolean answers = switch (consolidation) {
                case AVERAGE -> candidate.getConsolFun() == ConsolFun.AVERAGE;
                case MAX -> candidate.getConsolFun() == ConsolFun.MAX
                        || (candidate.getConsolFun() == ConsolFun.AVERAGE && candidate.getSteps() == 1);
            };
            if (answers && (best == null || better(candidate, best, from))) {
                best = candidate;
            }
        }
        return best;
    }

    private static boolean better(Archive candidate, Archive best, long from) throws IOException {
        boolean candidateReaches = reach(candidate) <= from;
        boolean bestReaches = reach(best) <= from;
        if (candidateReaches != bestReaches) {
            return candidateReaches;
        }
        if (candidateReaches) {
            return candidate.getArcStep() < best.getArcStep();
        }
        return reach(candidate) < reach(best)
                || (reach(candidate) == reach(best) && candidate.getArcStep() < best.getArcStep());
    }

    /** The earliest second an archive holds: the start of its oldest row. */
    private static long reach(Archive archive) throws IOException {
        return archive.getStartTime() - archive.getArcStep();
    }

    @Override
    public void close() throws IOException {
        db.close();
    }
}
