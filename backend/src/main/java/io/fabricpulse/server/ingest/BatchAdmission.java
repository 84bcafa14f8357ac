package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.IngestBatch;

import java.util.concurrent.CompletableFuture;

/**
 * Whether a credential may report a batch at all: the seam between ingest and the agents feature, which
 * binds each agent to its own nodes and their cable peers and bounds what one agent can make the server
 * remember. Asked after the batch is valid and before anything of it is applied; works on the records, so
 * every wire format gets the same answer. Its cost is per node, not per port sample, except for a node
 * agent's few cable ports.
 */
@FunctionalInterface
public interface BatchAdmission {

    /**
     * Completes when the batch may go on; fails with {@link AgentRefusedException} (403, naming what is
     * not the agent's to report) or a {@link io.fabricpulse.server.problem.RetryLaterException} (429: too
     * many new agents now).
     */
    CompletableFuture<Void> admit(IngestBatch batch, AgentCredential credential);
}
