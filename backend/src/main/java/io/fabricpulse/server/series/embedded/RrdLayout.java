package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.RateSeries;
import org.rrd4j.ConsolFun;
import org.rrd4j.DsType;
import org.rrd4j.core.RrdDef;

import java.nio.file.Path;
import java.util.List;

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

    /** rrd4j keeps names up to this many characters in place; longer ones go to the end of the file. */
    private static final int INLINE_NAME_CHARS = 20;

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
     * through for the defaults; a test holds it against a real file.
     */
    long bytesPerPort() {
        long datasources = RateSeries.all().size();
        long archiveCount = 0;
        long rows = 0;
        for (EmbeddedSeriesProperties.Archive archive : archives) {
            int functions = archive.max() ? 2 : 1;
            archiveCount += functions;
            rows += functions * archive.rows();
        }
        long longNames = 0;
        for (RateSeries series : RateSeries.all()) {
            if (series.name().length() > INLINE_NAME_CHARS) {
                longNames += 2L * series.name().length() + 2;
            }
        }
        long strings = (1 + 2 * datasources + archiveCount) * 2L * INLINE_NAME_CHARS;
        return 24 + 48 * datasources + 16 * archiveCount + 20 * datasources * archiveCount
                + 8 * datasources * rows + strings + longNames;
    }
}
