package io.fabricpulse.model.command;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * What the server has for one agent: the answer to its long-poll ({@code GET /api/v1/ingest/answers/{agentId}}),
 * and the {@code commands} and {@code sweep} parts of every ingest answer, which have the same names and shape, so
 * the agent reads both the same way.
 *
 * @param commands orders for this agent, each executed at most once by its id; empty when none
 * @param sweep    the switches a discover agent sweeps; null: every switch it walked
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgentAnswer(@JsonInclude(JsonInclude.Include.NON_EMPTY) List<AgentCommand> commands,
                          @JsonInclude(JsonInclude.Include.NON_NULL) SweepShard sweep) {

    public AgentAnswer {
        commands = commands == null ? List.of() : List.copyOf(commands);
    }

    /** The version of the shard it carries, 0 for none (every switch). */
    public long sweepVersion() {
        return sweep == null ? 0 : sweep.version();
    }
}
