package io.fabricpulse.server.series.embedded;

/**
 * Where a slot store keeps the fields of an rrd4j file: each port's state (the header's update time,
 * each datasource's state, each archive's consolidation state and ring position) packed into a page of
 * its own in the group's state file, and the rows of an archive time-major in the archive's file of the
 * group: row {@code r} of slot {@code s} holds the port's datasources at {@code (r x ports per group + s)
 * x datasources x 8}. The state fields keep rrd4j's order and widths, so a port's state is rrd4j's
 * scattered state blocks laid end to end.
 *
 * <p>Why time-major: rings start time-aligned ({@link #alignedPointer}), so at any moment every port of a
 * group writes the same row, and one 10 s step of a group dirties one contiguous run of pages per
 * archive instead of a page per port.
 */
final class SlotFields implements UpdateFields {

    /** The page size the state of a port is rounded up to: one page per port for the default layout. */
    static final int PAGE = 4096;
    private static final int UPDATE_TIME = 8;
    private static final int DATASOURCE_STATE = 3 * 8;
    private static final int ARCHIVE_STATE = 4 + 8 + 8;

    private final int datasources;
    private final int portsPerGroup;
    private final long stateBytes;

    SlotFields(int datasources, int archives, int portsPerGroup) {
        this.datasources = datasources;
        this.portsPerGroup = portsPerGroup;
        long used = UPDATE_TIME + (long) DATASOURCE_STATE * datasources + (long) ARCHIVE_STATE * archives * datasources;
        this.stateBytes = Math.ceilDiv(used, PAGE) * PAGE;
    }

    /** Bytes of one port's state in the state file: whole pages. */
    long stateBytes() {
        return stateBytes;
    }

    int portsPerGroup() {
        return portsPerGroup;
    }

    /** Bytes of one row of one port: a value per datasource. */
    long rowBytes() {
        return 8L * datasources;
    }

    /** Bytes of an archive's file for a whole group. */
    long archiveBytes(int rows) {
        return rows * rowBytes() * portsPerGroup;
    }

    /** Where a slot's rows start in its group's archive files: row 0 of the slot. */
    long valueBase(int slotInGroup) {
        return slotInGroup * rowBytes();
    }

    /**
     * The row a ring starts at when its first consolidated row will be stamped {@code firstRowTime}:
     * the row every port keeps that time in, {@code (time / resolution) mod rows}.
     */
    static int alignedPointer(long firstRowTime, long resolution, int rows) {
        return (int) Math.floorMod(firstRowTime / resolution, (long) rows);
    }

    @Override
    public long lastUpdateTime() {
        return 0;
    }

    @Override
    public long lastValue(int ds) {
        return UPDATE_TIME + (long) DATASOURCE_STATE * ds;
    }

    @Override
    public long pointer(int archive, int ds) {
        return UPDATE_TIME + (long) DATASOURCE_STATE * datasources
                + (long) ARCHIVE_STATE * ((long) archive * datasources + ds);
    }

    @Override
    public long value(int archive, int row, int ds) {
        return ((long) row * portsPerGroup * datasources + ds) * 8;
    }
}
