package io.fabricpulse.server.security.token;

import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.state.StateText;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import io.fabricpulse.server.ingest.AgentRole;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Per-agent bearer tokens: issue (the secret is returned once), authenticate, revoke, list.
 *
 * <p>On the ingest path: a presented token is hashed and looked up by its hash. Valid tokens are
 * kept in memory for {@code cacheTtl}, so a busy agent costs no query per batch; a revocation on
 * this server takes effect at once, one made through another replica within {@code cacheTtl}.
 * {@code last_used_at} is written at most once per {@code lastUsedInterval} per token and server,
 * and that one write is part of the request that triggers it, so nothing runs detached.
 *
 * <p>Issue and revoke write the audit log in the same transaction as the change.
 */
public class AgentTokenStore {

    /** The scope that lets a token push batches to {@code POST /api/v1/ingest}. */
    public static final String INGEST = "ingest";
    /** The scope of a bootstrap token: it enrols agents ({@code POST /api/v1/agents/enrol}) and nothing else. */
    public static final String ENROL = "enrol";

    private static final Pattern SCOPE = Pattern.compile("[a-z][a-z0-9:_-]{0,31}");
    private static final int MAX_NAME = 100;
    private static final int MAX_ACTOR = 100;

    private final AgentTokenRepository tokens;
    private final AgentTokenSecrets secrets;
    private final HashedTokenLifecycle<AgentToken> lifecycle;

    public AgentTokenStore(AgentTokenRepository tokens, AuditLogRepository audit, TransactionalOperator transaction,
                           AgentTokenSecrets secrets, Clock clock, Duration cacheTtl, Duration lastUsedInterval) {
        this.tokens = tokens;
        this.secrets = secrets;
        this.lifecycle = new HashedTokenLifecycle<>("agent-token", audit, transaction, clock, cacheTtl, lastUsedInterval,
                AgentToken::id);
    }

    /**
     * Issues a new token. The returned secret is the only copy: the store keeps its hash.
     *
     * @param name   what it is for (1 to 100 characters, no control characters), e.g. the agent's host;
     *               surrounding blanks are dropped
     * @param scopes what it may do, e.g. {@link #INGEST}; lower-case words
     * @param actor  who issues it, for the audit log
     * @throws IllegalArgumentException (as the Mono's error) when name, scopes or actor are invalid
     */
    public Mono<IssuedAgentToken> issue(String name, Set<String> scopes, String actor) {
        return Mono.defer(() -> {
            StateText.require("agent token name", name, MAX_NAME);
            StateText.require("issuing actor", actor, MAX_ACTOR);
            checkScopes(scopes);
            String secret = secrets.generate();
            Instant now = lifecycle.now();
            return lifecycle.created(tokens.insert(name.strip(), AgentTokenSecrets.hash(secret), scopes, now, actor)
                                    .map(AgentTokenStore::view), now, actor, "issue",
                            token -> "name=" + token.name() + " scopes=" + AgentTokenRepository.scopesText(scopes))
                    .map(token -> new IssuedAgentToken(token, secret));
        });
    }

    /** The scope naming a role: an agent's own token has one, a bootstrap token those it may enrol in. */
    public static String roleScope(AgentRole role) {
        return "role:" + role.id();
    }

    /**
     * Issues an agent's own token: named after the agent, which is the only agent id it may report as, in
     * {@code role}. The returned secret is the only copy.
     */
    public Mono<IssuedAgentToken> issueFor(String agentId, AgentRole role, String actor) {
        return issue(agentId, Set.of(INGEST, roleScope(role)), actor);
    }

    /** Issues a bootstrap token that enrols agents in {@code roles}. */
    public Mono<IssuedAgentToken> issueBootstrap(String name, Set<AgentRole> roles, String actor) {
        return Mono.defer(() -> {
            if (roles == null || roles.isEmpty()) {
                return Mono.error(new IllegalArgumentException("a bootstrap token needs at least one role: node, discover"));
            }
            Set<String> scopes = new java.util.TreeSet<>();
            scopes.add(ENROL);
            roles.forEach(role -> scopes.add(roleScope(role)));
            return issue(name, scopes, actor);
        });
    }

    /** The tokens named {@code name}, revoked ones too: an agent's own tokens are named after the agent. */
    public Flux<AgentToken> named(String name) {
        return tokens.findByName(name).map(AgentTokenStore::view);
    }

    /**
     * The valid token matching {@code presented}; empty when it matches none or a revoked one.
     * Database faults are errors, not "unknown token": the caller must not mistake one for the other.
     */
    public Mono<AgentToken> authenticate(String presented) {
        return Mono.defer(() -> {
            String hash = AgentTokenSecrets.hash(presented);
            return lifecycle.authenticate(hash, () -> tokens.findByHash(hash).map(AgentTokenStore::view)
                            .filter(token -> !token.revoked()),
                    (token, now) -> tokens.markUsed(token.id(), now), (token, now) -> token);
        });
    }

    /**
     * Revokes a token; it stops authenticating on this server at once.
     *
     * @return whether this call revoked it (false when there is no such token or it was revoked before)
     */
    public Mono<Boolean> revoke(long id, String actor) {
        return lifecycle.revoke(id, actor, tokens::revoke);
    }

    /** Every token, revoked ones too, oldest first. */
    public Flux<AgentToken> list() {
        return tokens.findAll().map(AgentTokenStore::view);
    }

    public Mono<Long> countActive() {
        return tokens.countActive();
    }

    /** The token without its hash, for everything outside the state store. */
    private static AgentToken view(HashedTokenTable.Row row) {
        return new AgentToken(row.id(), row.name(), row.scopes(), row.createdAt(), row.createdBy(), row.lastUsedAt(),
                row.revokedAt());
    }

    private static void checkScopes(Set<String> scopes) {
        if (scopes == null || scopes.isEmpty()) {
            throw new IllegalArgumentException("an agent token needs at least one scope, e.g. '" + INGEST + "'");
        }
        for (String scope : scopes) {
            if (scope == null || !SCOPE.matcher(scope).matches()) {
                throw new IllegalArgumentException("agent token scope '" + scope
                        + "' is not a lower-case word (letters, digits, ':', '_', '-'; at most 32)");
            }
        }
    }
}
