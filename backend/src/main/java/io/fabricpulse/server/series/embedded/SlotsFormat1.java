package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.RateSeries;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Upgrades a slot directory of format 1 (the release before this one) to format 2 in place. Its ports'
 * state pages and rows are format 2's already, byte for byte; what differs is where the layout is written
 * and where rows sit in their rings:
 * <ul>
 *   <li>format 1 described its layout as an rrd4j file, {@code layout.rrd} (rrd4j 3.x's format, version 2,
 *   its doubles stored as {@link StoredDouble}s); this reads its definition once, writes it to
 *   {@code FORMAT} and deletes the file;</li>
 *   <li>format 1 kept each ring's position in the state page, as rrd4j does, and rrd4j's bulk fill after a
 *   silence longer than a whole archive leaves it off the time-aligned row that format 2 computes; such
 *   rings are turned to their aligned place (and their stored position set to it, so an upgrade cut short
 *   and run again does not turn them twice).</li>
 * </ul>
 * Delete this class once no format 1 directory is left.
 */
final class SlotsFormat1 {

    static final String NAME = "fabricpulse-slots 1: rrd4j layout and update, a state page per port and time-major"
            + " rows per group of 4096 ports, doubles stored XOR NaN";
    static final String LAYOUT_FILE = "layout.rrd";
    private static final Logger log = LoggerFactory.getLogger(SlotsFormat1.class);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    /** rrd4j 3.x's field widths: a string is 20 UTF-16 characters, a datasource 128 bytes, an archive 56. */
    private static final int STRING = 40;
    private static final int HEADER = STRING + 8 + 4 + 4 + 8;
    private static final int DATASOURCE = 2 * STRING + 6 * 8;
    private static final int ARCHIVE = STRING + 8 + 4 + 4;

    private SlotsFormat1() {
    }

    static SlotLayout upgrade(Path directory, int portsPerGroup) throws IOException {
        Path layoutFile = directory.resolve(LAYOUT_FILE);
        SlotLayout layout = readLayout(layoutFile, portsPerGroup);
        int turned = alignRings(directory, layout);
        StoreFormat.write(directory, layout);
        Files.delete(layoutFile);
        log.info("upgraded the series slots in {} from format 1 to 2 ({} rings turned to their time-aligned rows)",
                directory, turned);
        return layout;
    }

    /** The layout {@code layout.rrd} defines; refused unless it is what format 1 wrote. */
    static SlotLayout readLayout(Path file, int portsPerGroup) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.BIG_ENDIAN);
        require(bytes.capacity() >= HEADER && text(bytes, 0).startsWith("RRD4J, version 0.2"), file,
                "not an rrd4j file of version 2");
        long step = bytes.getLong(STRING);
        int datasources = bytes.getInt(STRING + 8);
        int archiveCount = bytes.getInt(STRING + 12);
        List<RateSeries> series = RateSeries.all();
        require(datasources == series.size(), file, datasources + " datasources, not the " + series.size()
                + " series format 1 kept");
        long heartbeat = bytes.getLong(HEADER + 2 * STRING);
        for (int ds = 0; ds < datasources; ds++) {
            int at = HEADER + DATASOURCE * ds;
            String name = series.get(ds).name();
            // rrd4j keeps a name of more than 20 characters as its first 18 and a reference to the whole, at the end
            String inline = text(bytes, at);
            require(name.length() <= 20 ? inline.stripTrailing().equals(name) : inline.startsWith(name.substring(0, 18)),
                    file, "datasource " + ds + " is not " + name);
            require(text(bytes, at + STRING).strip().equals("GAUGE"), file, name + " is not a GAUGE");
            require(bytes.getLong(at + 2 * STRING) == heartbeat, file, name + " has a heartbeat of its own");
            require(bytes.getLong(at + 2 * STRING + 8) == 0 && bytes.getLong(at + 2 * STRING + 16) == 0, file,
                    name + " has bounds");
        }
        List<SlotLayout.Archive> archives = new ArrayList<>();
        long at = HEADER + (long) DATASOURCE * datasources;
        for (int a = 0; a < archiveCount; a++) {
            require(at + ARCHIVE <= bytes.capacity(), file, "archive " + a + " is cut short");
            int offset = Math.toIntExact(at);
            Consolidation function = Consolidation.valueOf(text(bytes, offset).strip());
            int steps = bytes.getInt(offset + STRING + 8);
            int rows = bytes.getInt(offset + STRING + 12);
            archives.add(new SlotLayout.Archive(function, steps, rows));
            at += ARCHIVE + 20L * datasources + 8L * rows * datasources;
        }
        require(at <= bytes.capacity(), file, "its rows are cut short");
        return new SlotLayout(portsPerGroup, step, heartbeat, series.stream().map(RateSeries::name).toList(), archives);
    }

    private static String text(ByteBuffer bytes, int at) {
        byte[] chars = new byte[STRING];
        bytes.get(at, chars);
        return new String(chars, StandardCharsets.UTF_16BE);
    }

    private static void require(boolean holds, Path file, String problem) throws IOException {
        if (!holds) {
            throw new IOException(file + " is not the layout file of a format 1 slot directory: " + problem);
        }
    }

    /** Turns every ring whose stored position is not the time-aligned one; returns how many. */
    private static int alignRings(Path directory, SlotLayout layout) throws IOException {
        long slots = Files.exists(directory.resolve(SlotIndex.FILE_NAME))
                ? Files.size(directory.resolve(SlotIndex.FILE_NAME)) / SlotIndex.RECORD : 0;
        MappingAdvice advice = MappingAdvice.load();
        int turned = 0;
        for (int group = 0; (long) group * layout.portsPerGroup() < slots; group++) {
            try (SlotGroup files = SlotGroup.open(directory, group, layout, advice)) {
                for (int slot = 0; slot < layout.portsPerGroup(); slot++) {
                    if ((long) group * layout.portsPerGroup() + slot < slots) {
                        turned += alignRings(files, slot, layout);
                    }
                }
            }
        }
        return turned;
    }

    private static int alignRings(SlotGroup files, int slot, SlotLayout layout) {
        MemorySegment state = files.state();
        long page = slot * layout.stateBytes();
        long lastUpdate = state.get(LONG, page + SlotLayout.LAST_UPDATE);
        if (lastUpdate == 0) {
            return 0; // no state: the port starts afresh at its next sample, format 2 or not
        }
        int turned = 0;
        for (int a = 0; a < layout.archives().size(); a++) {
            int next = layout.position(a, lastUpdate - lastUpdate % layout.resolution(a) + layout.resolution(a));
            int stored = state.get(INT, page + layout.format1Pointer(a, 0));
            if (stored == next) {
                continue;
            }
            int rows = layout.rows(a);
            long[][] values = new long[rows][];
            MemorySegment archive = files.archives()[a];
            for (int position = 0; position < rows; position++) {
                values[position] = archive.asSlice(layout.valueOffset(slot, position, 0), layout.rowBytes())
                        .toArray(LONG);
            }
            for (int position = 0; position < rows; position++) {
                MemorySegment.copy(values[position], 0, archive, LONG,
                        layout.valueOffset(slot, Math.floorMod(position + next - stored, rows), 0), values[position].length);
            }
            for (int ds = 0; ds < layout.datasources(); ds++) {
                state.set(INT, page + layout.format1Pointer(a, ds), next);
            }
            turned++;
        }
        return turned;
    }
}
