package io.fabricpulse.agent.push;

/**
 * What the pusher has done since it started.
 *
 * @param delivered  batches the server accepted
 * @param rejected   batches the server refused for good (4xx), dropped
 * @param expired    batches dropped after {@link RetryPolicy#maxBatchAge()} without delivery
 * @param overflowed batches dropped because the buffer was full
 * @param waiting    batches waiting now (at shutdown: the ones not delivered)
 */
public record PushStats(long delivered, long rejected, long expired, long overflowed, int waiting) {

    /** Batches lost for any reason (waiting ones are not lost yet). */
    public long lost() {
        return rejected + expired + overflowed;
    }
}
