package io.fabricpulse.server.series.embedded;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of one group of a slot store, mapped for the store's life: {@code state-<g>} with a page per
 * port, and {@code archive<k>-<g>} per archive with the rows of every port of the group. Created sparse
 * at full size: a file of many ports costs disk only where rows have been written, and a mapping never
 * reaches past its file's end.
 */
final class SlotGroup implements AutoCloseable {

    private final SlotLayout layout;
    private final MappedFile state;
    private final MemorySegment stateSegment;
    private final List<MappedFile> archives;
    private final MemorySegment[] archiveSegments;

    private SlotGroup(SlotLayout layout, MappedFile state, List<MappedFile> archives) {
        this.layout = layout;
        this.state = state;
        this.stateSegment = state.segment();
        this.archives = archives;
        this.archiveSegments = archives.stream().map(MappedFile::segment).toArray(MemorySegment[]::new);
    }

    /** Maps group {@code group}'s files in {@code directory}, creating or completing them as needed. */
    static SlotGroup open(Path directory, int group, SlotLayout layout, MappingAdvice advice)
            throws IOException {
        List<MappedFile> mapped = new ArrayList<>();
        try {
            MappedFile state = map(directory.resolve(stateFileName(group)),
                    layout.stateBytes() * layout.portsPerGroup(), advice);
            mapped.add(state);
            for (int archive = 0; archive < layout.archives().size(); archive++) {
                mapped.add(map(directory.resolve(archiveFileName(archive, group)), layout.archiveFileBytes(archive),
                        advice));
            }
            return new SlotGroup(layout, state, List.copyOf(mapped.subList(1, mapped.size())));
        } catch (IOException | RuntimeException e) {
            mapped.forEach(MappedFile::close);
            throw e;
        }
    }

    static String stateFileName(int group) {
        return "state-" + group;
    }

    static String archiveFileName(int archive, int group) {
        return "archive" + archive + "-" + group;
    }

    private static MappedFile map(Path path, long size, MappingAdvice advice) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE,
                StandardOpenOption.CREATE)) {
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
            return MappedFile.map(channel, size, advice);
        }
    }

    /** The layout of the group's files. */
    SlotLayout layout() {
        return layout;
    }

    MemorySegment state() {
        return stateSegment;
    }

    /** One segment per archive, in the layout's order. */
    MemorySegment[] archives() {
        return archiveSegments;
    }

    @Override
    public void close() {
        state.close();
        archives.forEach(MappedFile::close);
    }
}
