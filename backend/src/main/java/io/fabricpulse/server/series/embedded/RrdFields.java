package io.fabricpulse.server.series.embedded;

/**
 * Where rrd4j 3.x's file format (version 2) keeps the fields an update reads and writes, for a file
 * of {@code datasources} datasources and archives of the given row counts.
 *
 * <p>rrd4j allocates every field in order, with no padding: an int takes 4 bytes, a long or a double
 * 8, a string (and an enum, stored by name) 40. The file is: the header (signature, step, datasource
 * count, archive count, last update time); per datasource its name, type, heartbeat, min, max, last
 * value, accumulated value and unknown seconds; per archive its function, X-files factor, steps and
 * rows, then per datasource the ring's position and the consolidation state (accumulated value,
 * unknown steps), then the rows, each holding one value per datasource. Names longer than 20
 * characters are kept again at the end of the file, after everything here. {@link MappedPortWriter}
 * checks these offsets against what rrd4j reads from every file before it writes to one.
 */
final class RrdFields implements UpdateFields {

    /** Characters a string field holds in place. */
    static final int INLINE_STRING_CHARS = 20;
    private static final int STRING = 2 * INLINE_STRING_CHARS;
    private static final int HEADER = STRING + 8 + 4 + 4 + 8;
    private static final int DATASOURCE = 2 * STRING + 6 * 8;
    private static final int ARCHIVE_DEFINITION = STRING + 8 + 4 + 4;
    private static final int ARCHIVE_STATE = 4 + 8 + 8;

    private final int datasources;
    private final long[] archiveStart;
    private final long end;

    RrdFields(int datasources, int[] rows) {
        this.datasources = datasources;
        this.archiveStart = new long[rows.length];
        long offset = HEADER + (long) DATASOURCE * datasources;
        for (int archive = 0; archive < rows.length; archive++) {
            archiveStart[archive] = offset;
            offset += ARCHIVE_DEFINITION + (long) ARCHIVE_STATE * datasources + 8L * rows[archive] * datasources;
        }
        this.end = offset;
    }

    /**
     * Bytes rrd4j keeps after the last archive: each datasource name longer than a string field holds,
     * again, at 2 bytes per character plus a 2-byte length.
     */
    static long longNameBytes(Iterable<String> datasourceNames) {
        long bytes = 0;
        for (String name : datasourceNames) {
            if (name.length() > INLINE_STRING_CHARS) {
                bytes += 2L * name.length() + 2;
            }
        }
        return bytes;
    }

    /** Where the last archive ends: the file's length, but for the long names kept after it. */
    long end() {
        return end;
    }

    /** The length of a file of these fields whose datasources have these names. */
    long length(Iterable<String> datasourceNames) {
        return end + longNameBytes(datasourceNames);
    }

    long step() {
        return STRING;
    }

    long datasourceCount() {
        return STRING + 8;
    }

    long archiveCount() {
        return STRING + 8 + 4;
    }

    @Override
    public long lastUpdateTime() {
        return STRING + 8 + 4 + 4;
    }

    private long datasource(int ds) {
        return HEADER + (long) DATASOURCE * ds;
    }

    long heartbeat(int ds) {
        return datasource(ds) + 2 * STRING;
    }

    long minValue(int ds) {
        return heartbeat(ds) + 8;
    }

    long maxValue(int ds) {
        return heartbeat(ds) + 16;
    }

    @Override
    public long lastValue(int ds) {
        return heartbeat(ds) + 24;
    }

    long xff(int archive) {
        return archiveStart[archive] + STRING;
    }

    long steps(int archive) {
        return archiveStart[archive] + STRING + 8;
    }

    long rows(int archive) {
        return archiveStart[archive] + STRING + 12;
    }

    /** The ring's position: the row the next consolidated value goes to. */
    @Override
    public long pointer(int archive, int ds) {
        return archiveStart[archive] + ARCHIVE_DEFINITION + (long) ARCHIVE_STATE * ds;
    }

    @Override
    public long value(int archive, int row, int ds) {
        return archiveStart[archive] + ARCHIVE_DEFINITION + (long) ARCHIVE_STATE * datasources
                + 8L * ((long) row * datasources + ds);
    }
}
