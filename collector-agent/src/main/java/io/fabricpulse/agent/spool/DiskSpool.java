package io.fabricpulse.agent.spool;

import io.fabricpulse.agent.logging.OnceLog;
import io.fabricpulse.agent.push.BatchBuffer;
import io.fabricpulse.agent.push.EncodedBatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The disk spool: a {@link BatchBuffer} that keeps every waiting batch in a file of its own in a bounded
 * directory, so batches survive a server outage of any length the bound allows and a restart of the agent.
 * <p>
 * Every batch is written before it is first sent (write-ahead): to a temporary name, flushed to the disk,
 * renamed into place and the directory flushed, so a crash leaves either the whole file or none under the
 * batch's name. The pusher sends the oldest and removes it once the server has answered for good (2xx or
 * a refusal), which deletes the file; a crash between the answer and the deletion sends that batch once
 * more after the restart, which the server's idempotency by (agent id, sequence) absorbs.
 * <p>
 * When the bound is reached the oldest batches are deleted to make room (returned by {@link #add} for the
 * pusher to count). A file found unreadable or corrupt when it is read for sending is deleted with one log
 * line and counted in {@link #discarded()}. When the disk refuses a write (full, read-only, gone), the batch
 * waits in memory under the same bound and is sent all the same; only a stop of the agent loses it.
 * <p>
 * A lock file keeps a second agent process with the same id away from the same files. Not thread-safe: the
 * pusher calls it under its lock.
 */
public final class DiskSpool implements BatchBuffer {

    private static final Logger log = LoggerFactory.getLogger(DiskSpool.class);

    private final SpoolDirectory directory;
    private final Path dir;
    private final SpoolNames names;
    private final long maxBytes;
    private final OnceLog problems = new OnceLog(log);
    private final ArrayDeque<SpoolEntry> entries;
    private long bytes;
    private long discarded;
    private boolean closed;

    private DiskSpool(SpoolDirectory directory, SpoolNames names, long maxBytes, List<SpoolEntry> found, long discarded) {
        this.directory = directory;
        this.dir = directory.path();
        this.names = names;
        this.maxBytes = maxBytes;
        this.entries = new ArrayDeque<>(found);
        this.bytes = found.stream().mapToLong(SpoolEntry::bytes).sum();
        this.discarded = discarded;
    }

    /**
     * Opens (creating it, owner-only, when missing) the spool directory for {@code agentId}, takes the
     * batches an earlier run of this agent left there, and drops the oldest of them if they exceed
     * {@code maxBytes} (an operator lowered the bound).
     *
     * @throws SpoolLockedException when another process of the same agent id uses the directory
     * @throws IOException          when the directory cannot be created, locked or listed
     */
    public static DiskSpool open(Path dir, String agentId, long maxBytes) throws IOException {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("the spool bound must be at least 1 byte, not " + maxBytes);
        }
        SpoolNames names = new SpoolNames(agentId);
        SpoolDirectory directory = SpoolDirectory.open(dir, names.lockFile(), agentId);
        try {
            SpoolScan.Found found = SpoolScan.scan(dir, names);
            DiskSpool spool = new DiskSpool(directory, names, maxBytes, found.batches(), found.discarded());
            spool.reportStart(found);
            return spool;
        } catch (IOException | RuntimeException e) {
            directory.close();
            throw e;
        }
    }

    public Path directory() {
        return dir;
    }

    public long maxBytes() {
        return maxBytes;
    }

    /** Bytes the waiting batches count against the bound. */
    public long bytes() {
        return bytes;
    }

    /** @throws IllegalArgumentException for a negative sequence number, before anything changes */
    @Override
    public List<Long> add(EncodedBatch batch) {
        Path file = dir.resolve(names.batchFile(batch.sequence()));
        SpoolEntry entry = SpoolEntry.heldInMemory(batch);
        if (entry.bytes() > maxBytes) {
            log.warn("batch {} is {}, more than the whole {}: dropped", batch.sequence(),
                    ByteSize.format(entry.bytes()), description());
            return List.of(batch.sequence());
        }
        if (contains(batch.sequence())) {
            // the collector numbers batches from its start time: a clock set back can repeat a number,
            // and the server would take the second batch for a replay of the first
            log.warn("batch {} has the sequence number of a batch already in the spool (was the clock set back?): dropped",
                    batch.sequence());
            return List.of(batch.sequence());
        }
        List<Long> dropped = new ArrayList<>(0);
        while (bytes + entry.bytes() > maxBytes) {
            SpoolEntry oldest = entries.removeFirst();
            bytes -= oldest.bytes();
            delete(oldest);
            dropped.add(oldest.sequence());
        }
        entries.addLast(store(batch, file, entry));
        bytes += entry.bytes();
        return dropped;
    }

    @Override
    public EncodedBatch oldest() {
        SpoolEntry head;
        while ((head = entries.peekFirst()) != null) {
            if (head.inMemory() != null) {
                return head.inMemory();
            }
            EncodedBatch batch = read(head);
            if (batch != null) {
                return batch;
            }
            entries.removeFirst();
            bytes -= head.bytes();
            discarded++;
        }
        return null;
    }

    @Override
    public boolean remove(long sequence) {
        for (Iterator<SpoolEntry> it = entries.iterator(); it.hasNext(); ) {
            SpoolEntry entry = it.next();
            if (entry.sequence() == sequence) {
                it.remove();
                bytes -= entry.bytes();
                delete(entry);
                return true;
            }
        }
        return false;
    }

    @Override
    public int size() {
        return entries.size();
    }

    @Override
    public long discarded() {
        return discarded;
    }

    @Override
    public String description() {
        return "spool " + dir + " (at most " + ByteSize.format(maxBytes) + ")";
    }

    @Override
    public boolean persistent() {
        return true;
    }

    /** Releases the lock; the files stay for the next start. Batches held in memory are lost, and said so. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        long inMemory = entries.stream().filter(e -> e.inMemory() != null).count();
        if (inMemory > 0) {
            log.warn("{} batches could not be written to the {} and are lost with this stop", inMemory, description());
        }
        try {
            directory.close();
        } catch (IOException e) {
            log.debug("closing the spool lock failed: {}", e.toString());
        }
    }

    private boolean contains(long sequence) {
        for (SpoolEntry entry : entries) {
            if (entry.sequence() == sequence) {
                return true;
            }
        }
        return false;
    }

    /** Writes the batch's file; when the disk refuses, keeps it in memory and says so once. */
    private SpoolEntry store(EncodedBatch batch, Path file, SpoolEntry inMemory) {
        try {
            directory.writeAtomically(file, dir.resolve(names.temporaryFile(batch.sequence())),
                    SpoolFileFormat.header(batch), ByteBuffer.wrap(batch.body()));
            problems.clear("write", () -> "the " + description() + " takes batches again");
            return SpoolEntry.onDisk(batch.sequence(), batch.collectedAt(), inMemory.bytes(), file);
        } catch (IOException e) {
            problems.warn("write", e.getClass().getName(), () -> "cannot write batch " + batch.sequence()
                    + " to the " + description() + ": " + e + "; batches wait in memory until the disk takes them"
                    + " again, and a stop of the agent loses those");
            return inMemory;
        }
    }

    /** The batch in {@code entry}'s file; null when it cannot be replayed (then deleted, with one log line). */
    private EncodedBatch read(SpoolEntry entry) {
        try {
            return SpoolFileFormat.decode(Files.readAllBytes(entry.file()), entry.sequence());
        } catch (SpoolFileException e) {
            SpoolScan.deleteWithReason(entry.file(), "cannot be replayed: " + e.getMessage());
        } catch (IOException e) {
            SpoolScan.deleteWithReason(entry.file(), "cannot be read: " + e);
        }
        return null;
    }

    private void delete(SpoolEntry entry) {
        if (entry.file() == null) {
            return;
        }
        try {
            Files.deleteIfExists(entry.file());
            problems.clear("delete", () -> "spool files can be deleted again");
        } catch (IOException e) {
            // it would be sent once more after a restart, which the server's idempotency absorbs
            problems.warn("delete", e.getClass().getName(), () -> "cannot delete " + entry.file() + ": " + e
                    + "; a restart would send such batches again");
        }
    }

    private void reportStart(SpoolScan.Found found) {
        long dropped = 0;
        while (bytes > maxBytes) {
            SpoolEntry oldest = entries.removeFirst();
            bytes -= oldest.bytes();
            delete(oldest);
            dropped++;
        }
        if (dropped > 0) {
            discarded += dropped;
            log.warn("the batches of an earlier run exceed the bound of the {}: dropped the {} oldest", description(),
                    dropped);
        }
        if (!entries.isEmpty()) {
            log.info("{}: {} batches ({}) of an earlier run wait to be sent, the oldest collected at {}; they go first",
                    description(), entries.size(), ByteSize.format(bytes), entries.getFirst().collectedAt());
        } else {
            log.info("{}: empty", description());
        }
        if (found.foreignBatches() > 0) {
            log.info("{} holds {} batches of other agent ids; left alone (an agent only sends its own)", dir,
                    found.foreignBatches());
        }
    }
}
