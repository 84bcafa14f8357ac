package io.fabricpulse.server.series.embedded;

/**
 * Where the fields an rrd4j update reads and writes are kept: offsets into the segment of the port's
 * state ({@link #lastUpdateTime()} to {@link #stateNanSteps}) and into the segment of an archive's
 * rows ({@link #value}). A port file keeps both in itself ({@link RrdFields}); a slot store keeps the
 * state in a page per port and the rows of all its ports side by side ({@link SlotFields}).
 */
interface UpdateFields {

    long lastUpdateTime();

    /** The first of a datasource's three state fields; both layouts keep rrd4j's order and widths after it. */
    long lastValue(int ds);

    default long accumValue(int ds) {
        return lastValue(ds) + 8;
    }

    default long nanSeconds(int ds) {
        return lastValue(ds) + 16;
    }

    /**
     * The ring's position: the row the next consolidated value goes to. The first of an archive's state
     * fields for a datasource (an int, then the consolidation's accumulated value and unknown steps).
     */
    long pointer(int archive, int ds);

    default long stateAccumValue(int archive, int ds) {
        return pointer(archive, ds) + 4;
    }

    default long stateNanSteps(int archive, int ds) {
        return pointer(archive, ds) + 12;
    }

    /** Relative to the port's base in the archive's segment. */
    long value(int archive, int row, int ds);
}
