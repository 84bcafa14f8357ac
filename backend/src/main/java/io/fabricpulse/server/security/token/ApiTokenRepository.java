package io.fabricpulse.server.security.token;

import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code api_token} table (V6). Scopes are stored as one space-separated text in the order of
 * {@link ApiScope}. Rows come back as {@link Stored}: the token and its hash.
 */
@Repository
public class ApiTokenRepository {

    /** A row: the token and the SHA-256 of its secret. */
    public record Stored(ApiToken token, String tokenHash) {
    }

    private final HashedTokenTable table;

    public ApiTokenRepository(DatabaseClient db) {
        this.table = new HashedTokenTable(db, "api_token");
    }

    /** Stores a new token; joins the caller's transaction when there is one. */
    public Mono<ApiToken> insert(String name, String tokenHash, Set<ApiScope> scopes, Instant createdAt,
                                 String createdBy) {
        return table.insert(name, tokenHash, scopes.stream().sorted().map(ApiScope::id).toList(), createdAt, createdBy)
                .map(row -> stored(row).token());
    }

    /** The token with this hash, revoked or not. */
    public Mono<Stored> findByHash(String tokenHash) {
        return table.findByHash(tokenHash).map(ApiTokenRepository::stored);
    }

    public Mono<ApiToken> findById(long id) {
        return table.findById(id).map(row -> stored(row).token());
    }

    /** Every token, revoked ones too, oldest first. */
    public Flux<ApiToken> findAll() {
        return table.findAll().map(row -> stored(row).token());
    }

    /** @return whether this call revoked it (false: no such token, or revoked before) */
    public Mono<Boolean> revoke(long id, Instant at) {
        return table.revoke(id, at);
    }

    /**
     * Moves {@code last_used_at} forward, never back (see {@link HashedTokenTable#markUsed}).
     *
     * @return whether the row moved (false: another replica recorded this use or a later one already)
     */
    public Mono<Boolean> markUsed(long id, Instant at) {
        return table.markUsed(id, at);
    }

    static String scopesText(Set<ApiScope> scopes) {
        return scopes.stream().sorted().map(ApiScope::id).collect(Collectors.joining(" "));
    }

    private static Stored stored(HashedTokenTable.Row row) {
        return new Stored(new ApiToken(row.id(), row.name(), row.scopes().stream().map(ApiScope::of)
                .collect(Collectors.toUnmodifiableSet()), row.createdAt(), row.createdBy(), row.lastUsedAt(),
                row.revokedAt()), row.tokenHash());
    }
}
