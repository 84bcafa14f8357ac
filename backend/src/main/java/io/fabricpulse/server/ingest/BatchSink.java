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

    CompletableFuture<Outcome> accept(IngestBatch batch);

    /**
     * The refusal a batch handed in now would get because the sink is behind, asked before a push's body is read
     * so that an overloaded server spends nothing on what it refuses; empty when it takes batches.
     *
     * @param portsOnTheirWay port samples of pushes let in before and not handed in yet (being parsed or admitted):
     *                        they will be ahead of this one
     * @param lead            how long a push takes from now until it is handed in: what the sink stores meanwhile
     *                        is not ahead of it
     */
    default Optional<IngestUnavailableException> busy(long portsOnTheirWay, Duration lead) {
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
