package io.fabricpulse.server.security.token;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The statements of a table of hashed bearer tokens: {@code agent_token} and {@code api_token} have
 * the same columns (id, name, token_hash, scopes, created_at, created_by, last_used_at, revoked_at)
 * and are used alike; their repositories turn the {@link Row}s into their own types. Scopes are one
 * space-separated text, in the order the repository gives them.
 */
public final class HashedTokenTable {

    /**
     * A row as stored: the hash, never the token.
     *
     * @param tokenHash  SHA-256 of the token, hex ({@link AgentTokenSecrets#hash})
     * @param scopes     the scopes' words
     * @param lastUsedAt last authentication, written at most once per interval and replica, or null
     * @param revokedAt  when it was revoked, or null while it is valid
     */
    public record Row(long id, String name, String tokenHash, Set<String> scopes, Instant createdAt, String createdBy,
                      Instant lastUsedAt, Instant revokedAt) {

        public Row {
            scopes = Set.copyOf(scopes);
        }
    }

    private static final String COLUMNS = "id, name, token_hash, scopes, created_at, created_by, last_used_at, revoked_at";

    private final DatabaseClient db;
    private final String table;

    /** @param table the table's name, a constant of the calling repository (it goes into the SQL text) */
    public HashedTokenTable(DatabaseClient db, String table) {
        this.db = db;
        this.table = table;
    }

    /**
     * Stores a new token; joins the caller's transaction when there is one.
     *
     * @param scopes the scopes' words in the order they are stored
     */
    public Mono<Row> insert(String name, String tokenHash, List<String> scopes, Instant createdAt, String createdBy) {
        Instant created = StateSql.stored(createdAt);
        return db.sql("INSERT INTO " + table + " (name, token_hash, scopes, created_at, created_by) "
                        + "VALUES (:name, :hash, :scopes, :createdAt, :createdBy)")
                .bind("name", name)
                .bind("hash", tokenHash)
                .bind("scopes", String.join(" ", scopes))
                .bind("createdAt", created)
                .bind("createdBy", createdBy)
                .filter(statement -> statement.returnGeneratedValues("id"))
                .map(StateSql::generatedId)
                .one()
                .map(id -> new Row(id, name, tokenHash, Set.copyOf(scopes), created, createdBy, null, null));
    }

    /** The token with this hash, revoked or not; empty when there is none. */
    public Mono<Row> findByHash(String tokenHash) {
        return db.sql("SELECT " + COLUMNS + " FROM " + table + " WHERE token_hash = :hash")
                .bind("hash", tokenHash)
                .map(HashedTokenTable::row)
                .one();
    }

    public Mono<Row> findById(long id) {
        return db.sql("SELECT " + COLUMNS + " FROM " + table + " WHERE id = :id")
                .bind("id", id)
                .map(HashedTokenTable::row)
                .one();
    }

    /** The tokens with this name, revoked ones too, oldest first. */
    public Flux<Row> findByName(String name) {
        return db.sql("SELECT " + COLUMNS + " FROM " + table + " WHERE name = :name ORDER BY id").bind("name", name)
                .map(HashedTokenTable::row).all();
    }

    /** Every token, revoked ones too, oldest first. */
    public Flux<Row> findAll() {
        return db.sql("SELECT " + COLUMNS + " FROM " + table + " ORDER BY id").map(HashedTokenTable::row).all();
    }

    public Mono<Long> countActive() {
        return db.sql("SELECT COUNT(*) FROM " + table + " WHERE revoked_at IS NULL")
                .map(row -> StateSql.required(row, 0, Number.class).longValue())
                .one();
    }

    /**
     * Revokes the token unless it already is.
     *
     * @return whether this call revoked it (false: no such token, or revoked before)
     */
    public Mono<Boolean> revoke(long id, Instant at) {
        return db.sql("UPDATE " + table + " SET revoked_at = :at WHERE id = :id AND revoked_at IS NULL")
                .bind("at", StateSql.stored(at))
                .bind("id", id)
                .fetch().rowsUpdated()
                .map(updated -> updated == 1);
    }

    /**
     * Moves {@code last_used_at} forward to {@code at}; never back, so a replica that writes late does
     * not undo a newer time.
     *
     * @return whether the row moved (false: another replica recorded this use or a later one already)
     */
    public Mono<Boolean> markUsed(long id, Instant at) {
        return db.sql("UPDATE " + table + " SET last_used_at = :at "
                        + "WHERE id = :id AND (last_used_at IS NULL OR last_used_at < :at)")
                .bind("at", StateSql.stored(at))
                .bind("id", id)
                .fetch().rowsUpdated()
                .map(updated -> updated == 1);
    }

    private static Set<String> scopes(String text) {
        return Arrays.stream(text.split(" ")).filter(s -> !s.isEmpty()).collect(Collectors.toUnmodifiableSet());
    }

    private static Row row(Readable row) {
        return new Row(StateSql.required(row, "id", Long.class),
                StateSql.required(row, "name", String.class),
                StateSql.required(row, "token_hash", String.class),
                scopes(StateSql.required(row, "scopes", String.class)),
                StateSql.required(row, "created_at", Instant.class),
                StateSql.required(row, "created_by", String.class),
                row.get("last_used_at", Instant.class),
                row.get("revoked_at", Instant.class));
    }
}
