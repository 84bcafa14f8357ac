package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.RateSeries;
import org.rrd4j.ConsolFun;
import org.rrd4j.DsType;
import org.rrd4j.core.RrdDef;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * The shape of every port file: one GAUGE datasource per {@link RateSeries} (rates are stored as
 * they come, rrd4j does no differencing), one archive per configured resolution, and the size that
 * shape has on disk. A file's size is fixed when it is created.
 */
final class RrdLayout {

    /**
     * X-files factor just under 1: a consolidated row is the mean (or max) of the known steps it
     * covers, unknown only when all are unknown. That is what InfluxDB's mean() does with sparse
     * points, and it keeps a single error burst visible in the hourly archive.
     */
    static final double XFF = 1 - 1e-9;

    private final long step;
    private final long heartbeat;
    private final List<EmbeddedSeriesProperties.Archive> archives;

    RrdLayout(EmbeddedSeriesProperties properties) {
        this.step = properties.step().getSeconds();
        this.heartbeat = properties.heartbeat().getSeconds();
        this.archives = properties.archives();
    }

    /** The definition of a new file at {@code path} whose first update is one step after {@code start}. */
    RrdDef definition(Path path, long start) {
        RrdDef def = new RrdDef(path.toString(), start, step);
        for (RateSeries series : RateSeries.all()) {
            def.addDatasource(series.name(), DsType.GAUGE, heartbeat, Double.NaN, Double.NaN);
        }
        for (EmbeddedSeriesProperties.Archive archive : archives) {
            int steps = Math.toIntExact(archive.resolution().getSeconds() / step);
            int rows = Math.toIntExact(archive.rows());
            def.addArchive(ConsolFun.AVERAGE, XFF, steps, rows);
            if (archive.max()) {
                def.addArchive(ConsolFun.MAX, XFF, steps, rows);
            }
        }
        return def;
    }

    /**
     * Bytes of one port file, from rrd4j's file format (3.x), where a string takes 40 bytes (20
     * UTF-16 characters): a 24-byte header and its signature string; per datasource 48 bytes of
     * state plus its name and type as strings; per archive 16 bytes plus its function as a string;
     * per archive and datasource 20 bytes (consolidation state and the ring's position); 8 bytes per
     * stored value (rows x datasources); and at the end of the file each name longer than 20
     * characters again, at 2 bytes per character plus a 2-byte length. docs/STORAGE.md works this
     * through for the defaults; a test holds it against a real file. The arithmetic is {@link RrdFields}',
     * the same offsets the mapped writer uses.
     */
    long bytesPerPort() {
        RrdFields fields = new RrdFields(RateSeries.all().size(), archiveRows());
        return fields.length(RateSeries.all().stream().map(RateSeries::name).toList());
    }

    /**
     * Bytes of one port in a slot store ({@link SlotFields}): its state page(s), and a row of 8 bytes per
     * datasource per archive row, with no per-port header, names or definitions (the layout file holds
     * those once).
     */
    long bytesPerSlot() {
        int[] rows = archiveRows();
        SlotFields fields = new SlotFields(RateSeries.all().size(), rows.length, 1);
        return fields.stateBytes() + fields.rowBytes() * Arrays.stream(rows).asLongStream().sum();
    }

    /** Rows of each archive of a file, in the order {@link #definition} adds them: AVERAGE, then MAX where kept. */
    int[] archiveRows() {
        return perArchive(archive -> Math.toIntExact(archive.rows()));
    }

    /** Base steps per row of each archive, in the same order. */
    int[] archiveSteps() {
        return perArchive(archive -> Math.toIntExact(archive.resolution().getSeconds() / step));
    }

    private int[] perArchive(ToIntFunction<EmbeddedSeriesProperties.Archive> value) {
        List<Integer> values = new ArrayList<>();
        for (EmbeddedSeriesProperties.Archive archive : archives) {
            values.add(value.applyAsInt(archive));
            if (archive.max()) {
                values.add(value.applyAsInt(archive));
            }
        }
        return values.stream().mapToInt(Integer::intValue).toArray();
    }
}
