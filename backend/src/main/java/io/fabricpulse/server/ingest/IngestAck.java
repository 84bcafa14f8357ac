package io.fabricpulse.server.ingest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.fabricpulse.model.command.AgentCommand;
import io.fabricpulse.model.command.SweepShard;

import java.util.List;

/**
 * The answer to an accepted or replayed batch.
 *
 * @param status   {@code accepted} (applied now) or {@code duplicate} (seen before, not applied again)
 * @param agentId  the batch's agent
 * @param sequence the batch's sequence number
 * @param ports    ports in the batch
 * @param commands orders for this agent ({@link AgentOrders}); left out of the JSON when there are none
 * @param sweep    the switches a discover agent sweeps ({@link SweepAssignments}); left out when it sweeps all
 */
public record IngestAck(Status status, String agentId, long sequence, int ports,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<AgentCommand> commands,
                        @JsonInclude(JsonInclude.Include.NON_NULL) SweepShard sweep) {

    public IngestAck {
        commands = commands == null ? List.of() : List.copyOf(commands);
    }

    /** An answer without orders. */
    public IngestAck(Status status, String agentId, long sequence, int ports) {
        this(status, agentId, sequence, ports, List.of(), null);
    }

    /** The same answer carrying {@code orders}. */
    public IngestAck withCommands(List<AgentCommand> orders) {
        return new IngestAck(status, agentId, sequence, ports, orders, sweep);
    }

    /** The same answer carrying {@code shard}. */
    public IngestAck withSweep(SweepShard shard) {
        return new IngestAck(status, agentId, sequence, ports, commands, shard);
    }

    public enum Status {
        @JsonProperty("accepted") ACCEPTED,
        @JsonProperty("duplicate") DUPLICATE
    }
}
