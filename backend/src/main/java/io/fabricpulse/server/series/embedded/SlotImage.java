package io.fabricpulse.server.series.embedded;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A slot seen as the rrd4j file it stands for, so that rrd4j itself creates and reads ports of a slot
 * store: every byte of the file at the offset rrd4j's format gives it ({@link RrdFields}). The bytes that
 * are the same in every port (signature, names, types, heartbeats, archive definitions) come from the
 * store's layout file; the state comes from the slot's page and the rows from the group's archive files
 * ({@link SlotFields}). Doubles are kept as in a port file ({@link UnknownAsZero}).
 */
final class SlotImage {

    private static final int TEMPLATE = 0;
    private static final int STATE = 1;
    private static final int ROWS = 2;

    /** A run of the file's bytes kept in one place; {@code target} is where its first byte is kept. */
    private record Region(long start, long end, int kind, int archive, long target) {
    }

    private final byte[] template;
    private final SlotFields slotFields;
    private final Region[] regions;
    private final long[] starts;

    /**
     * @param template the bytes of the store's layout file, a port file of the store's layout: the
     *                 source of every byte that is the same in all ports
     */
    SlotImage(byte[] template, RrdShape shape, SlotFields slotFields) {
        this.template = template;
        this.slotFields = slotFields;
        RrdFields file = new RrdFields(shape.datasources(), shape.rows);
        List<Region> kept = new ArrayList<>();
        kept.add(new Region(file.lastUpdateTime(), file.lastUpdateTime() + 8, STATE, -1, slotFields.lastUpdateTime()));
        for (int ds = 0; ds < shape.datasources(); ds++) {
            // lastValue, accumValue, nanSeconds: adjacent in both places
            kept.add(new Region(file.lastValue(ds), file.lastValue(ds) + 24, STATE, -1, slotFields.lastValue(ds)));
        }
        for (int arc = 0; arc < shape.archives(); arc++) {
            long states = file.pointer(arc, 0);
            kept.add(new Region(states, file.pointer(arc, shape.datasources()), STATE, -1, slotFields.pointer(arc, 0)));
            kept.add(new Region(file.value(arc, 0, 0), file.value(arc, shape.rows[arc], 0), ROWS, arc, 0));
        }
        List<Region> all = new ArrayList<>();
        long at = 0;
        for (Region region : kept) {
            if (region.start() > at) {
                all.add(new Region(at, region.start(), TEMPLATE, -1, at));
            }
            all.add(region);
            at = region.end();
        }
        if (template.length > at) {
            all.add(new Region(at, template.length, TEMPLATE, -1, at));
        }
        this.regions = all.toArray(Region[]::new);
        this.starts = Arrays.stream(regions).mapToLong(Region::start).toArray();
    }

    /** The length of the file a slot stands for. */
    long length() {
        return template.length;
    }

    /** A view of one slot: its state at {@code stateBase} of {@code state}, its rows at {@code valueBase}. */
    View view(MemorySegment state, long stateBase, MemorySegment[] archives, long valueBase) {
        return new View(state, stateBase, archives, valueBase);
    }

    final class View {

        private final MemorySegment state;
        private final long stateBase;
        private final MemorySegment[] archives;
        private final long valueBase;

        private View(MemorySegment state, long stateBase, MemorySegment[] archives, long valueBase) {
            this.state = state;
            this.stateBase = stateBase;
            this.archives = archives;
            this.valueBase = valueBase;
        }

        /** The file's bytes from {@code offset} into {@code into}. */
        void read(long offset, byte[] into) throws IOException {
            forEachRun(offset, into.length, (region, at, done, length) -> {
                switch (region.kind()) {
                    case TEMPLATE -> System.arraycopy(template, Math.toIntExact(at), into, done, length);
                    case STATE -> MemorySegment.copy(state, ValueLayout.JAVA_BYTE, stateTarget(region, at), into, done,
                            length);
                    default -> MemorySegment.copy(archives[region.archive()], ValueLayout.JAVA_BYTE,
                            rowsTarget(region, at), into, done, length);
                }
            });
        }

        /**
         * rrd4j writing the file as it creates it: the state goes to the slot's page; bytes the same in
         * every port must be what the layout file holds, and rows must be unknown (zero bytes), which a
         * slot's rows are until its first update. Anything else means this slot is not of the store's
         * layout, and nothing more of it is written.
         */
        void writeWhileCreating(long offset, byte[] bytes) throws IOException {
            forEachRun(offset, bytes.length, (region, at, done, length) -> {
                switch (region.kind()) {
                    case TEMPLATE -> {
                        if (!Arrays.equals(bytes, done, done + length, template, Math.toIntExact(at),
                                Math.toIntExact(at) + length)) {
                            throw new IOException("rrd4j wrote bytes " + at + ".." + (at + length)
                                    + " unlike the store's layout file: a definition of another layout");
                        }
                    }
                    case STATE -> MemorySegment.copy(bytes, done, state, ValueLayout.JAVA_BYTE, stateTarget(region, at),
                            length);
                    default -> {
                        for (int i = done; i < done + length; i++) {
                            if (bytes[i] != 0) {
                                throw new IOException("rrd4j wrote a known value into row bytes at " + at
                                        + " while creating the port; a new slot's rows are unknown");
                            }
                        }
                    }
                }
            });
        }

        /** Whether every byte of {@code [offset, offset + length)} is a row's. */
        boolean onlyRows(long offset, long length) {
            Region region = regionOf(offset);
            return region.kind() == ROWS && offset + length <= region.end();
        }

        private long stateTarget(Region region, long at) {
            return stateBase + region.target() + (at - region.start());
        }

        private long rowsTarget(Region region, long at) {
            long relative = at - region.start();
            long rowBytes = slotFields.rowBytes();
            return valueBase + slotFields.value(region.archive(), (int) (relative / rowBytes), 0) + relative % rowBytes;
        }
    }

    /** A run of bytes kept in one place: {@code length} bytes of the file at {@code at}, the {@code done}th on. */
    private interface Run {
        void apply(Region region, long at, int done, int length) throws IOException;
    }

    /** Splits {@code [offset, offset + length)} of the file into runs each kept in one place, in order. */
    private void forEachRun(long offset, int length, Run run) throws IOException {
        if (offset < 0 || offset + length > template.length) {
            throw new IOException("bytes " + offset + ".." + (offset + length) + " are outside the "
                    + template.length + " bytes of a port");
        }
        int done = 0;
        while (done < length) {
            long at = offset + done;
            Region region = regionOf(at);
            int count = (int) Math.min(length - done, chunk(region, at));
            run.apply(region, at, done, count);
            done += count;
        }
    }

    private long chunk(Region region, long at) {
        if (region.kind() == ROWS) {
            long rowBytes = slotFields.rowBytes();
            return rowBytes - (at - region.start()) % rowBytes;
        }
        return region.end() - at;
    }

    private Region regionOf(long offset) {
        int found = Arrays.binarySearch(starts, offset);
        return regions[found >= 0 ? found : -found - 2];
    }
}
