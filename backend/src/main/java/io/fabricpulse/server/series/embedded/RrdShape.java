package io.fabricpulse.server.series.embedded;

import org.rrd4j.ConsolFun;
import org.rrd4j.core.Archive;
import org.rrd4j.core.Datasource;
import org.rrd4j.core.Header;
import org.rrd4j.core.RrdDb;

import java.io.IOException;

/**
 * The constants of an rrd4j file that its update reads: step, each datasource's heartbeat and bounds,
 * each archive's function, X-files factor, steps per row and rows. Read once from a file rrd4j has
 * open; every port of a slot store shares one, a mapped port file has its own.
 */
final class RrdShape {

    final long step;
    final long[] heartbeat;
    final double[] minValue;
    final double[] maxValue;
    final ConsolFun[] function;
    final double[] xff;
    final int[] steps;
    final int[] rows;

    private RrdShape(RrdDb db) throws IOException {
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
    }

    static RrdShape of(RrdDb db) throws IOException {
        return new RrdShape(db);
    }

    int datasources() {
        return heartbeat.length;
    }

    int archives() {
        return rows.length;
    }
}
