package io.fabricpulse.server.commands;

import io.fabricpulse.model.command.CommandResult;
import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code POST /api/v1/ingest/commands/{id}}: an agent's answer to an order it took, on the agent chain (its
 * bearer token). An agent's own token answers only for its own agent id; the answer is accepted once, from the
 * agent the order was sent to (409 otherwise).
 */
@RestController
class AgentAnswerController {

    private final PortCommands commands;

    AgentAnswerController(PortCommands commands) {
        this.commands = commands;
    }

    @PostMapping("/api/v1/ingest/commands/{id}")
    Mono<CommandView> answer(@PathVariable long id, @RequestBody CommandResult result, Authentication authentication) {
        AgentCredential credential = (AgentCredential) authentication.getDetails();
        String agentId = credential.kind() == AgentCredential.Kind.AGENT ? credential.agentId() : result.agentId();
        if (agentId == null || agentId.isBlank()) {
            throw new ProblemException(ProblemType.INVALID_REQUEST, "agentId is required with a shared token");
        }
        if (result.agentId() != null && !result.agentId().equals(agentId)) {
            throw new ProblemException(ProblemType.NOT_THIS_AGENTS, "this token belongs to agent " + agentId
                    + ", not " + result.agentId());
        }
        return commands.answer(id, agentId, result).map(CommandView::of);
    }
}
