package io.fabricpulse.server.security.token;

import io.fabricpulse.server.security.CurrentActor;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * {@code /api/v1/tokens}: API tokens for ticket systems (admins only, see the rule table).
 * {@code POST} creates one and answers its secret, the only time it is shown; {@code DELETE} revokes.
 */
@RestController
@RequestMapping(ApiTokenController.PATH)
class ApiTokenController {

    static final String PATH = "/api/v1/tokens";

    private final ApiTokenStore tokens;

    ApiTokenController(ApiTokenStore tokens) {
        this.tokens = tokens;
    }

    /**
     * The body of {@code POST /api/v1/tokens}.
     *
     * @param name   what the token is for, e.g. "jira"
     * @param scopes any of {@code read}, {@code ack}, {@code admin}
     */
    record CreateRequest(String name, List<String> scopes) {
    }

    /** Every token, revoked ones too, oldest first; never a secret. */
    @GetMapping
    Flux<ApiToken> list() {
        return tokens.list();
    }

    @GetMapping("/{id}")
    Mono<ApiToken> one(@PathVariable long id) {
        return tokens.find(id).switchIfEmpty(Mono.error(() -> notFound(id)));
    }

    @PostMapping
    Mono<ResponseEntity<IssuedApiToken>> create(@RequestBody CreateRequest request) {
        return Mono.defer(() -> {
            Set<ApiScope> scopes = scopes(request.scopes());
            return CurrentActor.name().flatMap(actor -> tokens.create(request.name(), scopes, actor));
        })
                .onErrorMap(IllegalArgumentException.class,
                        invalid -> new ResponseStatusException(HttpStatus.BAD_REQUEST, invalid.getMessage()))
                .map(issued -> ResponseEntity.created(URI.create(PATH + "/" + issued.token().id())).body(issued));
    }

    /** Revokes; 204 also when it was revoked before (the outcome is the same), 404 when there is no such token. */
    @DeleteMapping("/{id}")
    Mono<ResponseEntity<Void>> revoke(@PathVariable long id) {
        return tokens.find(id).switchIfEmpty(Mono.error(() -> notFound(id)))
                .then(CurrentActor.name())
                .flatMap(actor -> tokens.revoke(id, actor))
                .thenReturn(ResponseEntity.noContent().build());
    }

    private static Set<ApiScope> scopes(List<String> ids) {
        if (ids == null || ids.isEmpty()) {
            throw new IllegalArgumentException("scopes is required: a list of read, ack, admin");
        }
        Set<ApiScope> scopes = EnumSet.noneOf(ApiScope.class);
        for (String id : ids) {
            scopes.add(ApiScope.of(id));
        }
        return scopes;
    }

    private static ResponseStatusException notFound(long id) {
        return new ResponseStatusException(HttpStatus.NOT_FOUND, "there is no API token " + id);
    }
}
