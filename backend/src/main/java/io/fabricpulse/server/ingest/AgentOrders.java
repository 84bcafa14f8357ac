package io.fabricpulse.server.ingest;

import io.fabricpulse.model.command.AgentCommand;
import io.fabricpulse.model.ingest.IngestBatch;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * The orders waiting for the agent that just pushed: they ride back in the ingest answer, so an agent needs no
 * inbound port. Asked after the batch was accepted (or recognised as a replay); what it returns is handed to
 * that agent and to no other. An agent's long-poll takes them as soon as they are queued ({@link #takeWaiting}).
 */
public interface AgentOrders {

    /** The orders {@code agent} takes now, having reported {@code batch}; empty when none. */
    Mono<List<AgentCommand>> take(IngestBatch batch, AgentCredential agent);

    /**
     * The orders {@code agentId} takes now without a batch (its long-poll): those for nodes it was last heard
     * reporting; empty when none.
     */
    Mono<List<AgentCommand>> takeWaiting(String agentId, AgentCredential agent);
}
