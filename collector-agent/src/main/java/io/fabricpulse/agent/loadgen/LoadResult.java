package io.fabricpulse.agent.loadgen;

/**
 * What a run achieved.
 *
 * @param samplesDelivered     port samples in batches the server acknowledged (2xx)
 * @param samplesPerSecond     those per second of the run (polling and the final flush)
 * @param batchesDelivered     batches acknowledged
 * @param batchesNotDelivered  batches refused, expired, dropped on a full buffer or still waiting at the end
 * @param p50Millis            median latency of acknowledged pushes, NaN when none
 * @param p99Millis            99th percentile of the same
 */
public record LoadResult(long samplesDelivered, double samplesPerSecond, long batchesDelivered, long batchesNotDelivered,
                         double p50Millis, double p99Millis) {

    /** Every batch polled reached the server. */
    public boolean complete() {
        return batchesNotDelivered == 0 && batchesDelivered > 0;
    }
}
