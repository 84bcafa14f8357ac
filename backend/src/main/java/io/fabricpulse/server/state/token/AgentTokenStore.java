package io.fabricpulse.server.state.token;

import io.fabricpulse.server.state.StateText;
import io.fabricpulse.server.state.audit.AuditEntry;
import io.fabricpulse.server.state.audit.AuditLogRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

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

    private static final Logger log = LoggerFactory.getLogger(AgentTokenStore.class);
    private static final Pattern SCOPE = Pattern.compile("[a-z][a-z0-9:_-]{0,31}");
    private static final int MAX_NAME = 100;
    private static final int MAX_ACTOR = 100;

    private final AgentTokenRepository tokens;
    private final AuditLogRepository audit;
    private final TransactionalOperator transaction;
    private final AgentTokenSecrets secrets;
    private final Clock clock;
    private final ValidTokenCache<AgentToken> cache;

    public AgentTokenStore(AgentTokenRepository tokens, AuditLogRepository audit, TransactionalOperator transaction,
                           AgentTokenSecrets secrets, Clock clock, Duration cacheTtl, Duration lastUsedInterval) {
        this.tokens = tokens;
        this.audit = audit;
        this.transaction = transaction;
        this.secrets = secrets;
        this.clock = clock;
        this.cache = new ValidTokenCache<>(cacheTtl, lastUsedInterval, AgentToken::id);
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
            Instant now = clock.instant();
            return tokens.insert(name.strip(), AgentTokenSecrets.hash(secret), scopes, now, actor)
                    .flatMap(row -> audit.append(AuditEntry.of(now, actor, "agent-token.issue", target(row.id()),
                                    "name=" + row.name() + " scopes=" + AgentTokenRepository.scopesText(scopes)))
                            .thenReturn(new IssuedAgentToken(row.view(), secret)))
                    .as(transaction::transactional);
        });
    }

    /**
     * The valid token matching {@code presented}; empty when it matches none or a revoked one.
     * Database faults are errors, not "unknown token": the caller must not mistake one for the other.
     */
    public Mono<AgentToken> authenticate(String presented) {
        return Mono.defer(() -> {
            String hash = AgentTokenSecrets.hash(presented);
            Instant now = clock.instant();
            return cache.find(hash, now, () -> tokens.findByHash(hash).map(AgentTokenRow::view)
                            .filter(token -> !token.revoked()))
                    .flatMap(found -> markUsed(found, now));
        });
    }

    /**
     * Revokes a token; it stops authenticating on this server at once.
     *
     * @return whether this call revoked it (false when there is no such token or it was revoked before)
     */
    public Mono<Boolean> revoke(long id, String actor) {
        return Mono.defer(() -> {
            Instant now = clock.instant();
            return tokens.revoke(id, now)
                    .flatMap(revoked -> revoked
                            ? audit.append(AuditEntry.of(now, actor, "agent-token.revoke", target(id), null))
                            .thenReturn(true)
                            : Mono.just(false))
                    .as(transaction::transactional)
                    .doOnNext(revoked -> cache.forget(id));
        });
    }

    /** Every token, revoked ones too, oldest first. */
    public Flux<AgentToken> list() {
        return tokens.findAll().map(AgentTokenRow::view);
    }

    public Mono<Long> countActive() {
        return tokens.countActive();
    }

    private Mono<AgentToken> markUsed(AgentToken token, Instant now) {
        if (!cache.lastUseDue(token.id(), now)) {
            return Mono.just(token);
        }
        // Bookkeeping must not refuse a valid agent: a failed write is logged and tried again next time.
        return tokens.markUsed(token.id(), now)
                .onErrorResume(fault -> {
                    cache.lastUseNotWritten(token.id());
                    log.warn("could not record the use of agent token {}: {}", token.id(), fault.toString());
                    return Mono.empty();
                })
                .thenReturn(token);
    }

    private static String target(long id) {
        return "agent-token:" + id;
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
