package io.fabricpulse.server.agents;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.R2dbcDataIntegrityViolationException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The {@code agent} and {@code agent_node} tables (V15): the agents let in, and which agent each host's own
 * node belongs to. Claims are first come, first served across replicas: the primary key decides, and the
 * loser reads the winner.
 */
@Repository
public class AgentRepository {

    /**
     * An agent as stored.
     *
     * @param nodes how many nodes it owns
     */
    public record AgentRow(String agentId, Instant firstSeen, long nodes) {
    }

    private final DatabaseClient db;
    private final TransactionalOperator transaction;

    public AgentRepository(DatabaseClient db, TransactionalOperator transaction) {
        this.db = db;
        this.transaction = transaction;
    }

    /** Stores a new agent. @return true when it is new, false when it was stored before */
    public Mono<Boolean> register(String agentId, Instant at) {
        return db.sql("INSERT INTO agent (agent_id, first_seen) VALUES (:id, :at)")
                .bind("id", agentId).bind("at", StateSql.stored(at))
                .fetch().rowsUpdated().map(rows -> rows == 1)
                .onErrorResume(AgentRepository::duplicate, taken -> Mono.just(false));
    }

    public Mono<Boolean> exists(String agentId) {
        return db.sql("SELECT COUNT(*) FROM agent WHERE agent_id = :id").bind("id", agentId)
                .map(row -> StateSql.required(row, 0, Number.class).longValue() > 0).one();
    }

    /** Every agent with how many nodes it owns, by id. */
    public Flux<AgentRow> all() {
        return db.sql("SELECT a.agent_id, a.first_seen, COUNT(n.node_guid) AS nodes FROM agent a "
                        + "LEFT JOIN agent_node n ON n.agent_id = a.agent_id GROUP BY a.agent_id, a.first_seen "
                        + "ORDER BY a.agent_id")
                .map(row -> new AgentRow(StateSql.required(row, "agent_id", String.class),
                        StateSql.required(row, "first_seen", Instant.class),
                        StateSql.required(row, "nodes", Number.class).longValue()))
                .all();
    }

    /** Forgets the agent and frees its nodes, in one transaction. @return whether it was stored */
    public Mono<Boolean> remove(String agentId) {
        return db.sql("DELETE FROM agent_node WHERE agent_id = :id").bind("id", agentId).fetch().rowsUpdated()
                .then(db.sql("DELETE FROM agent WHERE agent_id = :id").bind("id", agentId).fetch().rowsUpdated())
                .map(rows -> rows > 0)
                .as(transaction::transactional);
    }

    /**
     * Claims a node for an agent unless another one has it.
     *
     * @return the node's owner afterwards: {@code agentId} when it claimed it now or before
     */
    public Mono<String> claim(String nodeGuid, String agentId, Instant at) {
        return db.sql("INSERT INTO agent_node (node_guid, agent_id, claimed_at) VALUES (:guid, :agent, :at)")
                .bind("guid", nodeGuid).bind("agent", agentId).bind("at", StateSql.stored(at))
                .fetch().rowsUpdated()
                .map(rows -> agentId)
                .onErrorResume(AgentRepository::duplicate, taken -> ownerOf(nodeGuid).defaultIfEmpty(agentId));
    }

    /**
     * Claims every node of {@code nodeGuids} nobody has for {@code agentId}: a read and one INSERT for up to
     * {@link StateSql#ROWS_PER_STATEMENT} nodes (a fabric's first minute, or a restart, brings every node at once: a
     * statement each, and on restart a duplicate-key failure each, held the state store's connections from the
     * pipeline's durable writes; one MERGE of them cost the event loops 6-8 s more CPU in the first minute at 200,000
     * ports than the read and INSERT).
     *
     * @return each node's owner afterwards: {@code agentId} where it claimed it now or before
     */
    public Mono<Map<String, String>> claimAll(Collection<String> nodeGuids, String agentId, Instant at) {
        List<String> guids = List.copyOf(new LinkedHashSet<>(nodeGuids));
        if (guids.isEmpty()) {
            return Mono.just(Map.of());
        }
        return Flux.fromIterable(StateSql.chunks(guids)).concatMap(chunk -> claimChunk(chunk, agentId, at))
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    /** The owners of up to one statement's nodes, the free ones claimed for {@code agentId}. */
    private Flux<Map.Entry<String, String>> claimChunk(List<String> guids, String agentId, Instant at) {
        return owners(guids).collectMap(Map.Entry::getKey, Map.Entry::getValue).flatMapMany(owned -> {
            // In key order: two agents inserting the same nodes in different orders deadlock on PostgreSQL.
            List<String> free = guids.stream().filter(guid -> !owned.containsKey(guid)).sorted().toList();
            if (free.isEmpty()) {
                return Flux.fromIterable(owned.entrySet());
            }
            // Another replica or agent may claim one of them meanwhile: then one at a time, the loser reads the winner.
            return insert(free, agentId, at)
                    .thenMany(Flux.fromIterable(free).map(guid -> Map.entry(guid, agentId)))
                    .onErrorResume(AgentRepository::duplicate, taken -> Flux.fromIterable(free)
                            .concatMap(guid -> claim(guid, agentId, at).map(owner -> Map.entry(guid, owner))))
                    .concatWith(Flux.fromIterable(owned.entrySet()));
        });
    }

    /** One multi-row INSERT, by the primary key: all or nothing (a node claimed meanwhile fails it). */
    private Mono<Void> insert(List<String> guids, String agentId, Instant at) {
        Map<String, Object> values = new HashMap<>();
        for (int i = 0; i < guids.size(); i++) {
            values.put("g" + i, guids.get(i));
            values.put("a" + i, agentId);
            values.put("t" + i, StateSql.stored(at));
        }
        return db.sql("INSERT INTO agent_node (node_guid, agent_id, claimed_at) VALUES "
                        + StateSql.values(guids.size(), "g", "a", "t"))
                .bindValues(values).fetch().rowsUpdated().then();
    }

    private Flux<Map.Entry<String, String>> owners(List<String> guids) {
        return db.sql("SELECT node_guid, agent_id FROM agent_node WHERE node_guid IN (:guids)").bind("guids", guids)
                .map(row -> Map.entry(StateSql.required(row, "node_guid", String.class),
                        StateSql.required(row, "agent_id", String.class)))
                .all();
    }

    /** The agent the node belongs to; empty when none claimed it. */
    public Mono<String> ownerOf(String nodeGuid) {
        return db.sql("SELECT agent_id FROM agent_node WHERE node_guid = :guid").bind("guid", nodeGuid)
                .map(row -> StateSql.required(row, "agent_id", String.class)).one();
    }

    private static boolean duplicate(Throwable fault) {
        return fault instanceof DataIntegrityViolationException || fault instanceof R2dbcDataIntegrityViolationException;
    }
}
