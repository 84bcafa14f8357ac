package io.fabricpulse.server.security.token;

import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * What the agent token store and the API token store do alike around their tables of hashed tokens:
 * a creation audited in the transaction that stores it, authentication through one replica's
 * {@link ValidTokenCache} with the first use of each interval recorded as part of the request (a
 * failed record is logged and tried again, never a refused token), and a revocation audited in its
 * transaction that stops the token here at once. The stores keep what differs: names, scopes, secret
 * prefixes and what a use records.
 *
 * @param <T> the token as the store hands it out
 */
public final class HashedTokenLifecycle<T> {

    private static final Logger log = LoggerFactory.getLogger(HashedTokenLifecycle.class);

    private final String kind;
    private final AuditLogRepository audit;
    private final TransactionalOperator transaction;
    private final Clock clock;
    private final ToLongFunction<T> id;
    private final ValidTokenCache<T> cache;

    /**
     * @param kind what the audit log calls these tokens: {@code agent-token}, {@code api-token}; its
     *             actions are {@code <kind>.<verb>}, its targets {@code <kind>:<id>}
     * @param id   a token's database id
     */
    public HashedTokenLifecycle(String kind, AuditLogRepository audit, TransactionalOperator transaction, Clock clock,
                                Duration cacheTtl, Duration lastUsedInterval, ToLongFunction<T> id) {
        this.kind = kind;
        this.audit = audit;
        this.transaction = transaction;
        this.clock = clock;
        this.id = id;
        this.cache = new ValidTokenCache<>(cacheTtl, lastUsedInterval, id);
    }

    public Instant now() {
        return clock.instant();
    }

    /** How the audit log names a token of this kind. */
    public String target(long tokenId) {
        return kind + ":" + tokenId;
    }

    /**
     * Stores a token and appends {@code <kind>.<verb>} with {@code detail}, in one transaction.
     *
     * @param insert the insert, joining the transaction
     */
    public Mono<T> created(Mono<T> insert, Instant at, String actor, String verb, Function<T, String> detail) {
        return insert.flatMap(token -> audit.append(AuditEntry.of(at, actor, kind + "." + verb,
                        target(id.applyAsLong(token)), detail.apply(token))).thenReturn(token))
                .as(transaction::transactional);
    }

    /**
     * The valid token with this hash, from the cache or {@code readValid} (empty: no valid token); the
     * first use in each interval runs {@code recordUse}, and the token returned is then {@code used}.
     * Database faults of the read are errors, never "unknown token".
     */
    public Mono<T> authenticate(String hash, Supplier<Mono<T>> readValid, BiFunction<T, Instant, Mono<?>> recordUse,
                                BiFunction<T, Instant, T> used) {
        Instant now = clock.instant();
        return cache.find(hash, now, readValid).flatMap(token -> {
            long tokenId = id.applyAsLong(token);
            if (!cache.lastUseDue(tokenId, now)) {
                return Mono.just(token);
            }
            // Bookkeeping must not refuse a valid token: a failed write is logged and tried again next time.
            return recordUse.apply(token, now)
                    .onErrorResume(fault -> {
                        cache.lastUseNotWritten(tokenId);
                        log.warn("could not record the use of {} {}: {}", kind.replace('-', ' '), tokenId,
                                fault.toString());
                        return Mono.empty();
                    })
                    .then(Mono.fromSupplier(() -> used.apply(token, now)));
        });
    }

    /**
     * Revokes through {@code revokeRow} and appends {@code <kind>.revoke}, in one transaction; the token
     * stops on this replica at once.
     *
     * @return whether this call revoked it (false when there is no such token or it was revoked before)
     */
    public Mono<Boolean> revoke(long tokenId, String actor, BiFunction<Long, Instant, Mono<Boolean>> revokeRow) {
        return Mono.defer(() -> {
            Instant at = clock.instant();
            return revokeRow.apply(tokenId, at)
                    .flatMap(revoked -> revoked
                            ? audit.append(AuditEntry.of(at, actor, kind + ".revoke", target(tokenId), null))
                            .thenReturn(true)
                            : Mono.just(false))
                    .as(transaction::transactional)
                    .doOnNext(revoked -> cache.forget(tokenId));
        });
    }
}
