package io.fabricpulse.agent.push;

import java.util.List;

/**
 * Batches waiting to be pushed, oldest first. The pusher sends the oldest, removes it once the server
 * has answered for good, and keeps polling while batches wait here. Two implementations: this package's
 * {@link MemoryBatchBuffer}, and the disk spool ({@code io.fabricpulse.agent.spool.DiskSpool}), which keeps
 * the same order in files and so survives restarts and long outages.
 * <p>
 * Implementations need not be thread-safe: the pusher calls them under its own lock.
 */
public interface BatchBuffer extends AutoCloseable {

    /**
     * Adds {@code batch} as the newest. When the buffer is full it makes room by dropping the oldest
     * batches and returns their sequence numbers, so the caller can count and report the loss; a batch
     * that could never fit is dropped itself and its own sequence number is among those returned.
     */
    List<Long> add(EncodedBatch batch);

    /** The oldest waiting batch, or null when none waits. */
    EncodedBatch oldest();

    /**
     * Removes the batch with this sequence number.
     *
     * @return false when it was no longer there (an overflow dropped it while it was being sent)
     */
    boolean remove(long sequence);

    /** Number of waiting batches. */
    int size();

    /**
     * Batches this buffer lost on its own, outside {@link #add}: a spool's files found unreadable or
     * corrupt. Counted since the buffer was made.
     */
    default long discarded() {
        return 0;
    }

    /** What and where this buffer is, for log lines: {@code push buffer}, {@code spool /var/lib/fabricpulse/spool (at most 256 MiB)}. */
    String description();

    /** True when waiting batches outlive the process: the next start sends them. */
    default boolean persistent() {
        return false;
    }

    /** Releases what the buffer holds on to (files, locks); waiting batches of a persistent buffer stay. */
    @Override
    default void close() {
    }
}
