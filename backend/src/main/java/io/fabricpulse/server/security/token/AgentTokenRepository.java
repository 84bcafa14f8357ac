package io.fabricpulse.server.security.token;

import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The {@code agent_token} table, rows as {@link HashedTokenTable.Row}. Scopes are stored as one space-separated, sorted text. */
@Repository
public class AgentTokenRepository {

    private final HashedTokenTable table;

    public AgentTokenRepository(DatabaseClient db) {
        this.table = new HashedTokenTable(db, "agent_token");
    }

    /** Stores a new token; joins the caller's transaction when there is one. */
    public Mono<HashedTokenTable.Row> insert(String name, String tokenHash, Set<String> scopes, Instant createdAt,
                                      String createdBy) {
        return table.insert(name, tokenHash, List.copyOf(new TreeSet<>(scopes)), createdAt, createdBy);
    }

    /** The token with this hash, revoked or not; empty when there is none. */
    public Mono<HashedTokenTable.Row> findByHash(String tokenHash) {
        return table.findByHash(tokenHash);
    }

    public Mono<HashedTokenTable.Row> findById(long id) {
        return table.findById(id);
    }

    /** The tokens with this name, revoked ones too, oldest first. */
    public Flux<HashedTokenTable.Row> findByName(String name) {
        return table.findByName(name);
    }

    /** Every token, revoked ones too, oldest first. */
    public Flux<HashedTokenTable.Row> findAll() {
        return table.findAll();
    }

    public Mono<Long> countActive() {
        return table.countActive();
    }

    /** @return whether this call revoked it (false: no such token, or revoked before) */
    public Mono<Boolean> revoke(long id, Instant at) {
        return table.revoke(id, at);
    }

    /** Moves {@code last_used_at} forward to {@code at}, never back (see {@link HashedTokenTable#markUsed}). */
    public Mono<Void> markUsed(long id, Instant at) {
        return table.markUsed(id, at).then();
    }

    static String scopesText(Set<String> scopes) {
        return String.join(" ", new TreeSet<>(scopes));
    }
}
