package io.fabricpulse.server.agents;

import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.security.token.IssuedAgentToken;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

import java.net.URI;

/**
 * {@code POST /api/v1/agents/enrol}, with a bootstrap token (or the shared agent token): an agent's first
 * contact, which trades that token for a credential of its own, {@code {"agentId", "role"}} in, the token
 * ({@code {"token": {"id", "name", "scopes", ...}, "secret"}}, as an admin's issue answers) out (201); 409
 * when the agent is enrolled already.
 */
@RestController
class EnrolController {

    private final AgentDirectory directory;

    EnrolController(AgentDirectory directory) {
        this.directory = directory;
    }

    @PostMapping("/api/v1/agents/enrol")
    Mono<ResponseEntity<IssuedAgentToken>> enrol(@RequestBody AgentController.IssueRequest request,
                                                      Authentication authentication) {
        if (!(authentication.getDetails() instanceof AgentCredential credential)) {
            return Mono.error(new ProblemException(ProblemType.FORBIDDEN, "enrol with a bootstrap token"));
        }
        return directory.enrol(credential, request.agentId(), request.role())
                .onErrorMap(IllegalArgumentException.class,
                        invalid -> new ProblemException(ProblemType.INVALID_REQUEST, invalid.getMessage()))
                .map(issued -> ResponseEntity.created(URI.create(AgentController.PATH + "/" + issued.token().name()))
                        .body(issued));
    }
}
