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
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** The {@code cable_history} table (V13): which port has been linked to which peer. */
@Repository
public class CableHistoryRepository {

    private final DatabaseClient db;
    private final TransactionalOperator transaction;

    public CableHistoryRepository(DatabaseClient db, TransactionalOperator transaction) {
        this.db = db;
        this.transaction = transaction;
    }

    /** Every row, by port. */
    public Flux<CableHistoryRow> all() {
        return db.sql("SELECT node_guid, port_number, peer_guid, peer_port, first_seen, last_seen, lost_at FROM cable_history"
                        + " ORDER BY node_guid, port_number")
                .map(CableHistoryRepository::row)
                .all();
    }

    /**
     * Inserts or updates the rows by port (standard MERGE, many rows a statement). A row's first sighting is
     * kept when its peer is unchanged; a new peer starts its history anew. Its loss is as the row says (null: in
     * place again).
     */
    public Mono<Long> save(List<CableHistoryRow> rows) {
        return Flux.fromIterable(StateSql.chunks(rows)).concatMap(chunk -> {
            DatabaseClient.GenericExecuteSpec merge = db.sql("MERGE INTO cable_history AS t USING (VALUES "
                    + values(chunk.size())
                    + ") AS s (node_guid, port_number, peer_guid, peer_port, first_seen, last_seen, lost_at)"
                    + " ON t.node_guid = s.node_guid AND t.port_number = s.port_number"
                    + " WHEN MATCHED AND t.peer_guid = s.peer_guid AND t.peer_port = s.peer_port"
                    + " THEN UPDATE SET last_seen = s.last_seen, lost_at = s.lost_at"
                    + " WHEN MATCHED THEN UPDATE SET peer_guid = s.peer_guid, peer_port = s.peer_port,"
                    + " first_seen = s.first_seen, last_seen = s.last_seen, lost_at = s.lost_at"
                    + " WHEN NOT MATCHED THEN INSERT (node_guid, port_number, peer_guid, peer_port, first_seen, last_seen,"
                    + " lost_at) VALUES (s.node_guid, s.port_number, s.peer_guid, s.peer_port, s.first_seen, s.last_seen,"
                    + " s.lost_at)");
            Map<String, Object> values = new HashMap<>();
            for (int i = 0; i < chunk.size(); i++) {
                CableHistoryRow row = chunk.get(i);
                values.put("g" + i, row.nodeGuid());
                values.put("p" + i, row.portNumber());
                values.put("h" + i, row.peerGuid());
                values.put("q" + i, row.peerPort());
                values.put("f" + i, StateSql.stored(row.firstSeen()));
                values.put("l" + i, StateSql.stored(row.lastSeen()));
                values.put("x" + i, StateSql.parameter(row.lostAt(), Instant.class));
            }
            return merge.bindValues(values).fetch().rowsUpdated();
        }).reduce(0L, Long::sum);
    }

    /** Replaces the whole history by {@code rows} in one transaction: what a newly saved baseline says. */
    public Mono<Long> replaceAll(List<CableHistoryRow> rows) {
        return db.sql("DELETE FROM cable_history").then().then(save(rows)).as(transaction::transactional);
    }

    /** Integers and times are cast: an untyped VALUES parameter is text to H2. */
    private static String values(int rows) {
        StringJoiner all = new StringJoiner(", ");
        for (int i = 0; i < rows; i++) {
            all.add("(CAST(:g%d AS VARCHAR(18)), CAST(:p%d AS INTEGER), CAST(:h%d AS VARCHAR(18)), CAST(:q%d AS INTEGER),"
                    .formatted(i, i, i, i)
                    + " CAST(:f%d AS TIMESTAMP WITH TIME ZONE), CAST(:l%d AS TIMESTAMP WITH TIME ZONE),".formatted(i, i)
                    + " CAST(:x%d AS TIMESTAMP WITH TIME ZONE))".formatted(i));
        }
        return all.toString();
    }

    private static CableHistoryRow row(Readable row) {
        return new CableHistoryRow(StateSql.required(row, "node_guid", String.class),
                StateSql.required(row, "port_number", Integer.class),
                StateSql.required(row, "peer_guid", String.class),
                StateSql.required(row, "peer_port", Integer.class),
                StateSql.required(row, "first_seen", Instant.class),
                StateSql.required(row, "last_seen", Instant.class),
                row.get("lost_at", Instant.class));
    }
}
