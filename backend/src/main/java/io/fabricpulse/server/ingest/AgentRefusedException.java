package io.fabricpulse.server.ingest;

import io.fabricpulse.server.problem.InvalidField;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;

import java.util.List;
import java.util.Map;

/** A batch that reports what its agent may not: another agent's node, a switch port no cable of its reaches. */
public class AgentRefusedException extends ProblemException {

    /**
     * @param where  where in the batch, such as {@code nodes[3].guid}
     * @param reason what is not the agent's, naming the GUID, and why
     */
    public AgentRefusedException(String where, String reason) {
        super(ProblemType.NOT_THIS_AGENTS, where.isEmpty() ? reason : where + ": " + reason,
                List.of(new InvalidField(where, reason)), Map.of());
    }
}
