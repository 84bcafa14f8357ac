package io.fabricpulse.server.topology.store;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code node_name} table: one name per node GUID. Writing a name for a GUID that already has
 * one replaces it, whatever its source (the last import or edit wins).
 */
@Repository
public class NodeNameRepository {

    private static final String COLUMNS = "node_guid, name, source, updated_at";

    private final DatabaseClient db;
    private final TransactionalOperator transaction;

    public NodeNameRepository(DatabaseClient db, TransactionalOperator transaction) {
        this.db = db;
        this.transaction = transaction;
    }

    /** Adds or replaces one name. */
    public Mono<Void> put(NodeNameRow row) {
        return merge(List.of(row)).then();
    }

    /**
     * Replaces every name from {@code source} by {@code rows} (all of that source) in one transaction:
     * an import is applied whole or not at all. Names from other sources stay, except for GUIDs the
     * new rows name.
     *
     * @return how many names the source now has
     * @throws IllegalArgumentException (as the Mono's error) when a row is of another source or a GUID repeats
     */
    public Mono<Long> replaceSource(String source, List<NodeNameRow> rows) {
        return Mono.defer(() -> {
            Set<String> seen = new HashSet<>();
            for (NodeNameRow row : rows) {
                if (!row.source().equals(source)) {
                    throw new IllegalArgumentException("node name of " + row.nodeGuid() + " is from '" + row.source()
                            + "', not from '" + source + "'");
                }
                if (!seen.add(row.nodeGuid())) {
                    throw new IllegalArgumentException("node " + row.nodeGuid() + " is named twice");
                }
            }
            return db.sql("DELETE FROM node_name WHERE source = :source").bind("source", source).then()
                    .then(merge(rows))
                    .thenReturn((long) rows.size())
                    .as(transaction::transactional);
        });
    }

    public Mono<NodeNameRow> find(String nodeGuid) {
        return db.sql("SELECT " + COLUMNS + " FROM node_name WHERE node_guid = :guid")
                .bind("guid", nodeGuid)
                .map(NodeNameRepository::row)
                .one();
    }

    /** Every name, by GUID. */
    public Flux<NodeNameRow> all() {
        return db.sql("SELECT " + COLUMNS + " FROM node_name ORDER BY node_guid").map(NodeNameRepository::row).all();
    }

    /** @return whether there was a name to delete */
    public Mono<Boolean> delete(String nodeGuid) {
        return db.sql("DELETE FROM node_name WHERE node_guid = :guid")
                .bind("guid", nodeGuid)
                .fetch().rowsUpdated()
                .map(deleted -> deleted > 0);
    }

    /** Standard MERGE (H2, PostgreSQL 15+): insert or update by GUID, many rows per statement. */
    private Mono<Long> merge(List<NodeNameRow> rows) {
        return Flux.fromIterable(StateSql.chunks(rows)).concatMap(chunk -> {
            DatabaseClient.GenericExecuteSpec merge = db.sql("MERGE INTO node_name AS t USING (VALUES "
                    + StateSql.values(chunk.size(), "g", "n", "s", "u")
                    + ") AS s (node_guid, name, source, updated_at) ON t.node_guid = s.node_guid"
                    + " WHEN MATCHED THEN UPDATE SET name = s.name, source = s.source, updated_at = s.updated_at"
                    + " WHEN NOT MATCHED THEN INSERT (node_guid, name, source, updated_at)"
                    + " VALUES (s.node_guid, s.name, s.source, s.updated_at)");
            Map<String, Object> values = new HashMap<>();
            for (int i = 0; i < chunk.size(); i++) {
                NodeNameRow row = chunk.get(i);
                values.put("g" + i, row.nodeGuid());
                values.put("n" + i, row.name());
                values.put("s" + i, row.source());
                values.put("u" + i, StateSql.stored(row.updatedAt()));
            }
            return merge.bindValues(values).fetch().rowsUpdated();
        }).reduce(0L, Long::sum);
    }

    private static NodeNameRow row(Readable row) {
        return new NodeNameRow(StateSql.required(row, "node_guid", String.class),
                StateSql.required(row, "name", String.class),
                StateSql.required(row, "source", String.class),
                StateSql.required(row, "updated_at", Instant.class));
    }
}
