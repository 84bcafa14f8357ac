package io.fabricpulse.agent.push;

/**
 * What the pusher has done since it started.
 *
 * @param delivered  batches the server accepted
 * @param rejected   batches the server refused for good (4xx), dropped
 * @param expired    batches dropped after {@link RetryPolicy#maxBatchAge()} without delivery
 * @param overflowed batches dropped because the buffer was full (a spool: its byte bound was reached)
 * @param discarded  batches the buffer lost on its own: spool files found unreadable or corrupt
 * @param waiting    batches waiting now (at shutdown: the ones not delivered; a spool keeps them for the next start)
 */
public record PushStats(long delivered, long rejected, long expired, long overflowed, long discarded, int waiting) {

    /** Batches lost for any reason (waiting ones are not lost yet). */
    public long lost() {
        return rejected + expired + overflowed + discarded;
    }
}
