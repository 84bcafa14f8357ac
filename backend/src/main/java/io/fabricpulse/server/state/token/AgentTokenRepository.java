package io.fabricpulse.server.state.token;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** The {@code agent_token} table. Scopes are stored as one space-separated, sorted text. */
@Repository
public class AgentTokenRepository {

    private static final String COLUMNS =
            "id, name, token_hash, scopes, created_at, created_by, last_used_at, revoked_at";

    private final DatabaseClient db;

    public AgentTokenRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Stores a new token; joins the caller's transaction when there is one. */
    public Mono<AgentTokenRow> insert(String name, String tokenHash, Set<String> scopes, Instant createdAt,
                                      String createdBy) {
        Instant created = StateSql.stored(createdAt);
        return db.sql("INSERT INTO agent_token (name, token_hash, scopes, created_at, created_by) "
                        + "VALUES (:name, :hash, :scopes, :createdAt, :createdBy)")
                .bind("name", name)
                .bind("hash", tokenHash)
                .bind("scopes", scopesText(scopes))
                .bind("createdAt", created)
                .bind("createdBy", createdBy)
                .filter(statement -> statement.returnGeneratedValues("id"))
                .map(StateSql::generatedId)
                .one()
                .map(id -> new AgentTokenRow(id, name, tokenHash, scopes, created, createdBy, null, null));
    }

    /** The token with this hash, revoked or not; empty when there is none. */
    public Mono<AgentTokenRow> findByHash(String tokenHash) {
        return db.sql("SELECT " + COLUMNS + " FROM agent_token WHERE token_hash = :hash")
                .bind("hash", tokenHash)
                .map(AgentTokenRepository::row)
                .one();
    }

    public Mono<AgentTokenRow> findById(long id) {
        return db.sql("SELECT " + COLUMNS + " FROM agent_token WHERE id = :id")
                .bind("id", id)
                .map(AgentTokenRepository::row)
                .one();
    }

    /** Every token, revoked ones too, oldest first. */
    public Flux<AgentTokenRow> findAll() {
        return db.sql("SELECT " + COLUMNS + " FROM agent_token ORDER BY id").map(AgentTokenRepository::row).all();
    }

    public Mono<Long> countActive() {
        return db.sql("SELECT COUNT(*) FROM agent_token WHERE revoked_at IS NULL")
                .map(row -> StateSql.required(row, 0, Number.class).longValue())
                .one();
    }

    /**
     * Revokes the token unless it already is.
     *
     * @return whether this call revoked it (false: no such token, or revoked before)
     */
    public Mono<Boolean> revoke(long id, Instant at) {
        return db.sql("UPDATE agent_token SET revoked_at = :at WHERE id = :id AND revoked_at IS NULL")
                .bind("at", StateSql.stored(at))
                .bind("id", id)
                .fetch().rowsUpdated()
                .map(updated -> updated == 1);
    }

    /**
     * Moves {@code last_used_at} forward to {@code at}; never back, so replicas that write late do
     * not undo a newer time.
     */
    public Mono<Void> markUsed(long id, Instant at) {
        return db.sql("UPDATE agent_token SET last_used_at = :at "
                        + "WHERE id = :id AND (last_used_at IS NULL OR last_used_at < :at)")
                .bind("at", StateSql.stored(at))
                .bind("id", id)
                .then();
    }

    static String scopesText(Set<String> scopes) {
        return String.join(" ", new TreeSet<>(scopes));
    }

    private static Set<String> scopes(String text) {
        return Arrays.stream(text.split(" ")).filter(s -> !s.isEmpty()).collect(Collectors.toUnmodifiableSet());
    }

    private static AgentTokenRow row(Readable row) {
        return new AgentTokenRow(StateSql.required(row, "id", Long.class),
                StateSql.required(row, "name", String.class),
                StateSql.required(row, "token_hash", String.class),
                scopes(StateSql.required(row, "scopes", String.class)),
                StateSql.required(row, "created_at", Instant.class),
                StateSql.required(row, "created_by", String.class),
                row.get("last_used_at", Instant.class),
                row.get("revoked_at", Instant.class));
    }
}
