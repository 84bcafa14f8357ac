package io.fabricpulse.server.ingest;

import io.fabricpulse.model.command.SweepShard;
import io.fabricpulse.model.ingest.IngestBatch;
import reactor.core.publisher.Mono;

/**
 * The switches a discover-role agent sweeps, handed back in the answer to its push (like {@link AgentOrders}).
 * Empty means "sweep everything you walked": one agent alone, or one the split does not include yet.
 */
public interface SweepAssignments {

    /** Notes what {@code batch} says of its agent; the agent's shard, or empty when it has none. */
    Mono<SweepShard> shardFor(IngestBatch batch, AgentCredential agent);

    /** The agent's shard in the split this replica holds, null when it has none; notes nothing. */
    SweepShard shardOf(String agentId);
}
