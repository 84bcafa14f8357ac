package io.fabricpulse.server.security;

import io.fabricpulse.server.state.StateSql;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

import java.time.Instant;

/** The {@code generated_password} table (V6): password hashes the server generated itself. */
@Repository
class GeneratedPasswordRepository {

    private final DatabaseClient db;

    GeneratedPasswordRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<String> find(String user) {
        return db.sql("SELECT password_hash FROM generated_password WHERE user_name = :user")
                .bind("user", user)
                .map(row -> StateSql.required(row, "password_hash", String.class))
                .one();
    }

    /** @return false when the user has one already (another replica was first) */
    Mono<Boolean> insert(String user, String passwordHash, Instant at) {
        return db.sql("INSERT INTO generated_password (user_name, password_hash, created_at) VALUES (:user, :hash, :at)")
                .bind("user", user)
                .bind("hash", passwordHash)
                .bind("at", StateSql.stored(at))
                .then()
                .thenReturn(true)
                .onErrorResume(DataIntegrityViolationException.class, duplicate -> Mono.just(false));
    }

    Mono<Void> delete(String user) {
        return db.sql("DELETE FROM generated_password WHERE user_name = :user").bind("user", user).then();
    }
}
