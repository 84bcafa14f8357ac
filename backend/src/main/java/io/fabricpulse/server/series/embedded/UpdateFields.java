package io.fabricpulse.server.series.embedded;

/**
 * Where the fields an rrd4j update reads and writes are kept: offsets into the segment of the port's
 * state ({@link #lastUpdateTime()} to {@link #stateNanSteps}) and into the segment of an archive's
 * rows ({@link #value}). A port file keeps both in itself ({@link RrdFields}); a slot store keeps the
 * state in a page per port and the rows of all its ports side by side ({@link SlotFields}).
 */
interface UpdateFields {

    long lastUpdateTime();

    long lastValue(int ds);

    long accumValue(int ds);

    long nanSeconds(int ds);

    /** The ring's position: the row the next consolidated value goes to. */
    long pointer(int archive, int ds);

    long stateAccumValue(int archive, int ds);

    long stateNanSteps(int archive, int ds);

    /** Relative to the port's base in the archive's segment. */
    long value(int archive, int row, int ds);
}
