package io.fabricpulse.server.security.token;

import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.state.StateText;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;

/**
 * API tokens for ticket systems and scripts: create (the secret is returned once), authenticate,
 * revoke, list.
 *
 * <p>Secrets are {@value #PREFIX} and 256 random bits; only their SHA-256 is stored, for the reasons
 * {@link AgentTokenSecrets} gives. A valid token is trusted from memory for {@code cacheTtl}: a
 * revocation on this replica takes effect at once, one made on another replica within
 * {@code cacheTtl}. The first use of a token in each {@code lastUsedInterval} (per replica) writes
 * its last-used time and an {@code api-token.use} audit entry, as part of the request that used it.
 * Create and revoke are audited in the same transaction as the change.
 */
public class ApiTokenStore {

    /** Marks an API token, so scanners and people recognise one, and agent tokens ({@code fpa_}) differ. */
    public static final String PREFIX = "fp_";
    /** Short enough that {@link ApiToken#actor()} fits the audit log's actor column (100). */
    static final int MAX_NAME = 80;

    private final ApiTokenRepository tokens;
    private final AuditLogRepository audit;
    private final TransactionalOperator transaction;
    private final SecureRandom random;
    private final HashedTokenLifecycle<ApiToken> lifecycle;

    public ApiTokenStore(ApiTokenRepository tokens, AuditLogRepository audit, TransactionalOperator transaction,
                         SecureRandom random, Clock clock, Duration cacheTtl, Duration lastUsedInterval) {
        this.tokens = tokens;
        this.audit = audit;
        this.transaction = transaction;
        this.random = random;
        this.lifecycle = new HashedTokenLifecycle<>("api-token", audit, transaction, clock, cacheTtl, lastUsedInterval,
                ApiToken::id);
    }

    /**
     * Creates a token. The returned secret is the only copy.
     *
     * @param name   what it is for, 1 to 80 characters without control characters; blanks around are dropped
     * @param scopes at least one
     * @param actor  who creates it, for the audit log
     * @throws IllegalArgumentException (as the Mono's error) saying what is wrong with name or scopes
     */
    public Mono<IssuedApiToken> create(String name, Set<ApiScope> scopes, String actor) {
        return Mono.defer(() -> {
            StateText.require("API token name", name, MAX_NAME);
            if (scopes == null || scopes.isEmpty()) {
                throw new IllegalArgumentException("an API token needs at least one scope: read, ack or admin");
            }
            String secret = AgentTokenSecrets.generate(random, PREFIX);
            Instant now = lifecycle.now();
            return lifecycle.created(tokens.insert(name.strip(), AgentTokenSecrets.hash(secret), scopes, now, actor),
                            now, actor, "create",
                            token -> "name=" + token.name() + " scopes=" + ApiTokenRepository.scopesText(scopes))
                    .map(token -> new IssuedApiToken(token, secret));
        });
    }

    /**
     * The valid token matching {@code presented}; empty when none matches or it is revoked. Database
     * faults are errors, never "unknown token".
     *
     * @param use what the token is used for, e.g. {@code POST /api/v1/alerts/7/ack}: the audit detail
     *            of the first use in an interval
     */
    public Mono<ApiToken> authenticate(String presented, String use) {
        return Mono.defer(() -> {
            if (!presented.startsWith(PREFIX)) {
                return Mono.empty();
            }
            String hash = AgentTokenSecrets.hash(presented);
            return lifecycle.authenticate(hash, () -> tokens.findByHash(hash).map(ApiTokenRepository.Stored::token)
                            .filter(token -> !token.revoked()),
                    (token, now) -> recordUse(token, now, use), ApiToken::withLastUsedAt);
        });
    }

    /** @return whether this call revoked it (false when there is no such token or it was revoked before) */
    public Mono<Boolean> revoke(long id, String actor) {
        return lifecycle.revoke(id, actor, tokens::revoke);
    }

    public Flux<ApiToken> list() {
        return tokens.findAll();
    }

    public Mono<ApiToken> find(long id) {
        return tokens.findById(id);
    }

    /** The last-used time and an {@code api-token.use} entry, unless another replica recorded this use already. */
    private Mono<?> recordUse(ApiToken token, Instant now, String use) {
        return tokens.markUsed(token.id(), now)
                .filter(moved -> moved)
                .flatMap(moved -> audit.append(AuditEntry.of(now, token.actor(), "api-token.use",
                        lifecycle.target(token.id()), use)))
                .as(transaction::transactional);
    }
}
