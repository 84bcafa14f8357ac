package io.fabricpulse.server.security.token;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code api_token} table (V6). Scopes are stored as one space-separated text in the order of
 * {@link ApiScope}. Rows come back as {@link Stored}: the token and its hash.
 */
@Repository
public class ApiTokenRepository {

    private static final String COLUMNS = "id, name, token_hash, scopes, created_at, created_by, last_used_at, revoked_at";

    /** A row: the token and the SHA-256 of its secret. */
    public record Stored(ApiToken token, String tokenHash) {
    }

    private final DatabaseClient db;

    public ApiTokenRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Stores a new token; joins the caller's transaction when there is one. */
    public Mono<ApiToken> insert(String name, String tokenHash, Set<ApiScope> scopes, Instant createdAt,
                                 String createdBy) {
        Instant created = StateSql.stored(createdAt);
        return db.sql("INSERT INTO api_token (name, token_hash, scopes, created_at, created_by) "
                        + "VALUES (:name, :hash, :scopes, :createdAt, :createdBy)")
                .bind("name", name)
                .bind("hash", tokenHash)
                .bind("scopes", scopesText(scopes))
                .bind("createdAt", created)
                .bind("createdBy", createdBy)
                .filter(statement -> statement.returnGeneratedValues("id"))
                .map(StateSql::generatedId)
                .one()
                .map(id -> new ApiToken(id, name, scopes, created, createdBy, null, null));
    }

    /** The token with this hash, revoked or not. */
    public Mono<Stored> findByHash(String tokenHash) {
        return db.sql("SELECT " + COLUMNS + " FROM api_token WHERE token_hash = :hash")
                .bind("hash", tokenHash)
                .map(ApiTokenRepository::row)
                .one();
    }

    public Mono<ApiToken> findById(long id) {
        return db.sql("SELECT " + COLUMNS + " FROM api_token WHERE id = :id")
                .bind("id", id)
                .map(ApiTokenRepository::row)
                .one()
                .map(Stored::token);
    }

    /** Every token, revoked ones too, oldest first. */
    public Flux<ApiToken> findAll() {
        return db.sql("SELECT " + COLUMNS + " FROM api_token ORDER BY id").map(ApiTokenRepository::row).all()
                .map(Stored::token);
    }

    /** @return whether this call revoked it (false: no such token, or revoked before) */
    public Mono<Boolean> revoke(long id, Instant at) {
        return db.sql("UPDATE api_token SET revoked_at = :at WHERE id = :id AND revoked_at IS NULL")
                .bind("at", StateSql.stored(at))
                .bind("id", id)
                .fetch().rowsUpdated()
                .map(updated -> updated == 1);
    }

    /**
     * Moves {@code last_used_at} forward; never back, so a replica that writes late does not undo a
     * newer time.
     *
     * @return whether the row moved (false: another replica recorded this use or a later one already)
     */
    public Mono<Boolean> markUsed(long id, Instant at) {
        return db.sql("UPDATE api_token SET last_used_at = :at "
                        + "WHERE id = :id AND (last_used_at IS NULL OR last_used_at < :at)")
                .bind("at", StateSql.stored(at))
                .bind("id", id)
                .fetch().rowsUpdated()
                .map(updated -> updated == 1);
    }

    static String scopesText(Set<ApiScope> scopes) {
        return scopes.stream().sorted().map(ApiScope::id).collect(Collectors.joining(" "));
    }

    private static Set<ApiScope> scopes(String text) {
        return Arrays.stream(text.split(" ")).filter(s -> !s.isEmpty()).map(ApiScope::of)
                .collect(Collectors.toUnmodifiableSet());
    }

    private static Stored row(Readable row) {
        return new Stored(new ApiToken(StateSql.required(row, "id", Long.class),
                StateSql.required(row, "name", String.class),
                scopes(StateSql.required(row, "scopes", String.class)),
                StateSql.required(row, "created_at", Instant.class),
                StateSql.required(row, "created_by", String.class),
                row.get("last_used_at", Instant.class),
                row.get("revoked_at", Instant.class)),
                StateSql.required(row, "token_hash", String.class));
    }
}
