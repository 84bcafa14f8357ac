package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.IngestBatch;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Where a validated batch goes: the seam between ingest and the rest of the server. The answer
 * completes once the batch's hand-off is durable (the ingest pipeline: applied to the live fabric and
 * its rates and rate baselines stored), so an acknowledgement built on it can be trusted by an agent
 * that deletes the batch from its spool.
 *
 * <p>Implementations receive only batches that passed {@link BatchValidator}. The answer fails with
 * {@link IngestUnavailableException} when the batch was not taken for now (queue full, store down: the
 * agent should retry later), with anything else for a server fault. Either way nothing of the batch
 * counts as stored.
 */
@FunctionalInterface
public interface BatchSink {

    /**
     * A batch of at most this many port samples is small: a node's own HCA ports, a small switch. A sink that falls
     * behind refuses large batches first and keeps the last of its room for small ones, so an overloaded server defers
     * the big sweeps (for a while, not for good) and keeps taking the nodes' own batches and the alerts they carry.
     */
    int SMALL_BATCH_PORTS = 64;

    CompletableFuture<Outcome> accept(IngestBatch batch);

    /**
     * The refusal a batch handed in now would get because the sink is behind, asked before a push's body is read
     * so that an overloaded server spends nothing on what it refuses; empty when it takes batches.
     *
     * @param portsOnTheirWay port samples of pushes let in before and not handed in yet (being parsed or admitted):
     *                        they will be ahead of this one
     * @param lead            how long a push takes from now until it is handed in: what the sink stores meanwhile
     *                        is not ahead of it
     * @param small           whether the push may be small ({@link #SMALL_BATCH_PORTS}): it is let in while there is
     *                        room kept for small batches; once it is parsed, {@link #accept} judges it by its port samples
     */
    default Optional<IngestUnavailableException> busy(long portsOnTheirWay, Duration lead, boolean small) {
        return Optional.empty();
    }

    /** What became of a batch the sink took. */
    enum Outcome {
        /** Its data is stored now. */
        APPLIED,
        /** Its data was stored before (a replay recognised by the sink's own durable records). */
        ALREADY_APPLIED
    }
}
