package io.fabricpulse.agent.push;

import java.util.List;

/**
 * Batches waiting to be pushed, oldest first. The pusher sends the oldest, removes it once the server
 * has answered for good, and keeps polling while batches wait here. This is the seam where the disk
 * spool goes: an implementation that keeps the same order on disk survives restarts and long outages.
 * <p>
 * Implementations need not be thread-safe: the pusher calls them under its own lock.
 */
public interface BatchBuffer {

    /**
     * Adds {@code batch} as the newest. When the buffer is full it makes room by dropping the oldest
     * batches and returns them, so the caller can count and report the loss.
     */
    List<EncodedBatch> add(EncodedBatch batch);

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
}
