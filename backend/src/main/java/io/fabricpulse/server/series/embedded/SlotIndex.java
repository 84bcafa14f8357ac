package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.PortSeriesKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Which port each slot of a slot store holds: the file {@code ports}, one 16-byte record per slot in slot
 * order (the node GUID, the port number, a CRC-32C of both), appended before the slot is first written.
 * A record cut short or damaged at the end (a crash mid-append, a full disk) is dropped with a log line
 * and its slot is given out again; slots before it keep their ports. A damaged record among intact ones
 * loses only its own slot: it is logged, never given out again, and its port starts afresh in a new slot.
 */
final class SlotIndex implements AutoCloseable {

    static final String FILE_NAME = "ports";
    static final int RECORD = 16;
    private static final Logger log = LoggerFactory.getLogger(SlotIndex.class);

    private final Path path;
    private final FileChannel channel;
    /** The holders read at open, until the store takes them (it keeps every slot's port itself: one list is enough). */
    private List<PortSeriesKey> read;
    private int count;

    private SlotIndex(Path path, FileChannel channel, List<PortSeriesKey> read) {
        this.path = path;
        this.channel = channel;
        this.read = read;
        this.count = read.size();
    }

    /** Opens the index in {@code directory}, creating it empty when missing. */
    static SlotIndex open(Path directory) throws IOException {
        Path path = directory.resolve(FILE_NAME);
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE,
                StandardOpenOption.CREATE);
        try {
            List<PortSeriesKey> holders = read(channel);
            int kept = holders.size();
            while (kept > 0 && holders.get(kept - 1) == null) {
                kept--;
            }
            holders.subList(kept, holders.size()).clear();
            long whole = (long) kept * RECORD;
            if (channel.size() > whole) {
                log.warn("{}: dropped {} bytes after slot {} that are not a whole, intact record (an append cut "
                        + "short); those slots will be given out again", path, channel.size() - whole, kept);
                channel.truncate(whole);
            }
            List<Integer> lost = new ArrayList<>();
            for (int slot = 0; slot < kept; slot++) {
                if (holders.get(slot) == null) {
                    lost.add(slot);
                }
            }
            if (!lost.isEmpty()) {
                log.error("{}: the records of slots {} are damaged; their ports start afresh in new slots, and those"
                        + " slots stay unused", path, lost);
            }
            return new SlotIndex(path, channel, holders);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Every whole record in slot order; null for one that fails its check. */
    private static List<PortSeriesKey> read(FileChannel channel) throws IOException {
        long size = channel.size();
        ByteBuffer bytes = ByteBuffer.allocate(Math.toIntExact(size)).order(ByteOrder.BIG_ENDIAN);
        while (bytes.hasRemaining() && channel.read(bytes, bytes.position()) >= 0) {
            // read until full
        }
        bytes.flip();
        List<PortSeriesKey> holders = new ArrayList<>();
        while (bytes.remaining() >= RECORD) {
            long guid = bytes.getLong();
            int port = bytes.getInt();
            int crc = bytes.getInt();
            boolean intact = crc == crc(guid, port) && port >= 0 && port <= PortSeriesKey.MAX_PORT;
            holders.add(intact ? new PortSeriesKey("0x" + HexFormat.of().toHexDigits(guid), port) : null);
        }
        return holders;
    }

    private static int crc(long guid, int port) {
        CRC32C crc = new CRC32C();
        crc.update(ByteBuffer.allocate(12).order(ByteOrder.BIG_ENDIAN).putLong(guid).putInt(port).flip());
        return (int) crc.getValue();
    }

    /**
     * The holder of every slot read at open, in slot order: slot {@code i} holds {@code get(i)}; null for a lost slot.
     * Once: the index forgets them (the caller keeps them; {@link #append} adds after them).
     */
    List<PortSeriesKey> takeHolders() {
        if (read == null) {
            throw new IllegalStateException(path + ": the holders read at open were taken already");
        }
        List<PortSeriesKey> holders = Collections.unmodifiableList(read);
        read = null;
        return holders;
    }

    int size() {
        return count;
    }

    /** Records {@code port} as the holder of the next slot, and returns that slot. Not thread-safe. */
    int append(PortSeriesKey port) throws IOException {
        long guid = Long.parseUnsignedLong(port.guidDigits(), 16);
        ByteBuffer record = ByteBuffer.allocate(RECORD).order(ByteOrder.BIG_ENDIAN)
                .putLong(guid).putInt(port.portNumber()).putInt(crc(guid, port.portNumber())).flip();
        long at = (long) count * RECORD;
        while (record.hasRemaining()) {
            at += channel.write(record, at);
        }
        return count++;
    }

    Path path() {
        return path;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
