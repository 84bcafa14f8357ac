package io.fabricpulse.server.series.embedded;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of one group of a slot store: {@code state-<g>} with a page per port, {@code updates-<g>} with the time
 * of each port's latest update, and {@code archive<k>-<g>} per archive with the rows of every port of the group.
 * Created sparse at full size: a file of many ports costs disk only where rows have been written, and a mapping
 * never reaches past its file's end.
 *
 * <p>Rows and update times are mapped for the store's life. The state pages are not: they are read into memory
 * when the group opens and written to their file when it closes. Why: every update rewrites its port's whole page,
 * so a mapped state file is the kernel's to write back, all of it (2.4 GB at 600,000 ports) every 30 s, with a
 * fault to make each page writable again after it; that cost more CPU than anything else at fabric size
 * (docs/PERFORMANCE.md). After a crash a port's state page is older than its update time, and is made again from
 * that time ({@link Slot#recover}): its rows stay, only the steps and rows then in progress start afresh.
 */
final class SlotGroup implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SlotGroup.class);
    private static final ValueLayout.OfLong TIME = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private final SlotLayout layout;
    private final Path statePath;
    private final FileChannel stateFile;
    private final Arena stateMemory;
    private final MemorySegment stateSegment;
    private final MappedFile updates;
    private final MemorySegment updatesSegment;
    private final List<MappedFile> archives;
    private final MemorySegment[] archiveSegments;

    private SlotGroup(SlotLayout layout, Path statePath, FileChannel stateFile, Arena stateMemory,
                      MemorySegment stateSegment, MappedFile updates, List<MappedFile> archives) {
        this.layout = layout;
        this.statePath = statePath;
        this.stateFile = stateFile;
        this.stateMemory = stateMemory;
        this.stateSegment = stateSegment;
        this.updates = updates;
        this.updatesSegment = updates.segment();
        this.archives = archives;
        this.archiveSegments = archives.stream().map(MappedFile::segment).toArray(MemorySegment[]::new);
    }

    /** Opens group {@code group}'s files in {@code directory}, creating or completing them as needed. */
    static SlotGroup open(Path directory, int group, SlotLayout layout, MemoryAdvice advice,
                          HugePageMemory memory) throws IOException {
        List<AutoCloseable> opened = new ArrayList<>();
        try {
            Path statePath = directory.resolve(stateFileName(group));
            long stateBytes = layout.stateBytes() * layout.portsPerGroup();
            FileChannel stateFile = FileChannel.open(statePath, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    StandardOpenOption.CREATE);
            opened.add(stateFile);
            boolean stateNew = sizeTo(stateFile, statePath, stateBytes) == 0;
            Arena stateMemory = Arena.ofShared();
            opened.add(stateMemory);
            MemorySegment state = memory.allocate(stateBytes, stateMemory);
            if (!stateNew) {
                read(stateFile, state);
            }
            MappedFile updates = map(directory.resolve(updatesFileName(group)), 8L * layout.portsPerGroup(), advice);
            opened.add(updates);
            List<MappedFile> archives = new ArrayList<>();
            for (int archive = 0; archive < layout.archives().size(); archive++) {
                MappedFile rows = map(directory.resolve(archiveFileName(archive, group)),
                        layout.archiveFileBytes(archive), advice);
                opened.add(rows);
                archives.add(rows);
            }
            return new SlotGroup(layout, statePath, stateFile, stateMemory, state, updates, List.copyOf(archives));
        } catch (IOException | RuntimeException e) {
            for (AutoCloseable resource : opened.reversed()) {
                try {
                    resource.close();
                } catch (Exception suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    static String stateFileName(int group) {
        return "state-" + group;
    }

    static String updatesFileName(int group) {
        return "updates-" + group;
    }

    static String archiveFileName(int archive, int group) {
        return "archive" + archive + "-" + group;
    }

    private static MappedFile map(Path path, long size, MemoryAdvice advice) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE,
                StandardOpenOption.CREATE)) {
            sizeTo(channel, path, size);
            return MappedFile.map(channel, size, advice);
        }
    }

    /** Grows the file to {@code size} if it is shorter; returns the size it was found at. */
    private static long sizeTo(FileChannel channel, Path path, long size) throws IOException {
        long found = channel.size();
        if (found > size) {
            throw new IOException(path + " is " + found + " bytes, more than the " + size
                    + " its layout gives it: not a file of this store's layout");
        }
        if (found < size) {
            // Extending by writing the last byte leaves the rest a hole: zeros, which read as unknown
            // (StoredDouble) and take no disk until written.
            channel.write(ByteBuffer.allocate(1), size - 1);
        }
        return found;
    }

    private static void read(FileChannel file, MemorySegment into) throws IOException {
        ByteBuffer buffer = into.asByteBuffer();
        while (buffer.hasRemaining()) {
            if (file.read(buffer, buffer.position()) < 0) {
                throw new EOFException("the file ended at " + buffer.position() + " of " + buffer.capacity() + " bytes");
            }
        }
    }

    /** The layout of the group's files. */
    SlotLayout layout() {
        return layout;
    }

    /** The state pages, in memory: the file gets them on close. */
    MemorySegment state() {
        return stateSegment;
    }

    /** One segment per archive, in the layout's order. */
    MemorySegment[] archives() {
        return archiveSegments;
    }

    /** The time of the latest update of slot {@code slotInGroup} as its file keeps it; 0 for none. */
    long updateTime(int slotInGroup) {
        return updatesSegment.get(TIME, 8L * slotInGroup);
    }

    /** Keeps {@code time} as the slot's latest update in its file, where a crash cannot take it. */
    void recordUpdate(int slotInGroup, long time) {
        updatesSegment.set(TIME, 8L * slotInGroup, time);
    }

    /**
     * Writes slot {@code slotInGroup}'s state page to the state file now, where the page as it was must not come back
     * after a crash: a slot given to another port, a ring turned by an upgrade.
     */
    void writeStatePage(int slotInGroup) throws IOException {
        writePages(slotInGroup, 1);
    }

    /**
     * Writes the state pages that hold state, each run of them at once. A page with no update time is one no port
     * ever had here (state is never taken back to none), as it was read: left out, the file stays sparse there.
     */
    private void writeState() throws IOException {
        int pages = layout.portsPerGroup();
        int run = -1;
        for (int page = 0; page <= pages; page++) {
            boolean holdsState = page < pages
                    && stateSegment.get(TIME, page * layout.stateBytes() + SlotLayout.LAST_UPDATE) != 0;
            if (holdsState && run < 0) {
                run = page;
            } else if (!holdsState && run >= 0) {
                writePages(run, page - run);
                run = -1;
            }
        }
    }

    /**
     * Writes {@code count} state pages from {@code first}. A state page of more than one memory page is written tail
     * first: a write cut short by a kill then leaves its update time old, and the port is recovered, never half new.
     */
    private void writePages(int first, int count) throws IOException {
        long pageBytes = layout.stateBytes();
        if (pageBytes == SlotLayout.PAGE) {
            write(first * pageBytes, count * pageBytes);
            return;
        }
        for (int page = first; page < first + count; page++) {
            write(page * pageBytes + SlotLayout.PAGE, pageBytes - SlotLayout.PAGE);
            write(page * pageBytes, SlotLayout.PAGE);
        }
    }

    private void write(long offset, long bytes) throws IOException {
        ByteBuffer pages = stateSegment.asSlice(offset, bytes).asByteBuffer();
        while (pages.hasRemaining()) {
            stateFile.write(pages, offset + pages.position());
        }
    }

    /**
     * Writes every state page to the file, then lets go of the group's memory, mappings and file. On an interrupted
     * thread too (a shutdown that interrupts): a channel written to on one closes itself instead, so the interrupt is
     * set aside for the write and put back after it.
     */
    @Override
    public void close() {
        boolean interrupted = Thread.interrupted();
        try {
            writeState();
        } catch (IOException | RuntimeException e) {
            log.warn("could not write the series state to {} ({}): its ports continue from their latest update times"
                    + " when the store opens again", statePath, e.toString());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            stateFile.close();
        } catch (IOException e) {
            log.warn("closing {} failed: {}", statePath, e.toString());
        }
        stateMemory.close();
        updates.close();
        archives.forEach(MappedFile::close);
    }
}
