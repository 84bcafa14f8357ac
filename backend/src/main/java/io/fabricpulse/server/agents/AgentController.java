package io.fabricpulse.server.agents;

import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.security.CurrentActor;
import io.fabricpulse.server.security.token.IssuedAgentToken;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.util.List;

/**
 * {@code /api/v1/agents} (admins only, see the rule table): the agents with their credentials and last use;
 * {@code POST} issues an agent's own token (the secret only in this answer), {@code DELETE /{agentId}}
 * removes an agent (its tokens revoked, its nodes freed); {@code /bootstrap-tokens} lists, issues and
 * revokes the tokens agents enrol with.
 */
@RestController
@RequestMapping(AgentController.PATH)
class AgentController {

    static final String PATH = "/api/v1/agents";

    private final AgentDirectory directory;

    AgentController(AgentDirectory directory) {
        this.directory = directory;
    }

    /**
     * The body of {@code POST /api/v1/agents}.
     *
     * @param agentId the agent's id, as it pushes (its host name by default)
     * @param role    {@code node} (default) or {@code discover}
     */
    record IssueRequest(String agentId, String role) {
    }

    /** The body of {@code POST /api/v1/agents/bootstrap-tokens}. */
    record BootstrapRequest(String name, List<String> roles) {
    }

    @GetMapping
    Mono<List<AgentDirectory.AgentView>> list() {
        return directory.list();
    }

    /** The token (its name is the agent id) and its secret, shown this once. */
    @PostMapping
    Mono<ResponseEntity<IssuedAgentToken>> issue(@RequestBody IssueRequest request) {
        return CurrentActor.name().flatMap(actor -> directory.issue(request.agentId(), request.role(), actor))
                .onErrorMap(IllegalArgumentException.class, AgentController::invalid)
                .map(issued -> ResponseEntity.created(URI.create(PATH + "/" + issued.token().name())).body(issued));
    }

    @DeleteMapping("/{agentId}")
    Mono<ResponseEntity<Void>> remove(@PathVariable String agentId) {
        return CurrentActor.name().flatMap(actor -> directory.remove(agentId, actor))
                .flatMap(existed -> existed ? Mono.just(ResponseEntity.noContent().<Void>build())
                        : Mono.error(new ProblemException(ProblemType.NOT_FOUND, "there is no agent '" + agentId + "'")));
    }

    @GetMapping("/bootstrap-tokens")
    Flux<AgentDirectory.BootstrapView> bootstrapTokens() {
        return directory.bootstrapTokens();
    }

    @PostMapping("/bootstrap-tokens")
    Mono<ResponseEntity<IssuedAgentToken>> issueBootstrap(@RequestBody BootstrapRequest request) {
        return CurrentActor.name().flatMap(actor -> directory.issueBootstrap(request.name(), request.roles(), actor))
                .onErrorMap(IllegalArgumentException.class, AgentController::invalid)
                .map(issued -> ResponseEntity.created(URI.create(PATH + "/bootstrap-tokens/" + issued.token().id()))
                        .body(issued));
    }

    @DeleteMapping("/bootstrap-tokens/{id}")
    Mono<ResponseEntity<Void>> revokeBootstrap(@PathVariable long id) {
        return CurrentActor.name().flatMap(actor -> directory.revokeBootstrap(id, actor))
                .flatMap(existed -> existed ? Mono.just(ResponseEntity.noContent().<Void>build())
                        : Mono.error(new ProblemException(ProblemType.NOT_FOUND, "there is no bootstrap token " + id)));
    }

    private static ProblemException invalid(IllegalArgumentException invalid) {
        return new ProblemException(ProblemType.INVALID_REQUEST, invalid.getMessage());
    }
}
