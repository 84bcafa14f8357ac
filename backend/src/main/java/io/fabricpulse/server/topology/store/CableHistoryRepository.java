package io.fabricpulse.server.topology.store;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Statement;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.r2dbc.UncategorizedR2dbcException;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

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
     * Inserts or updates a row by port (standard MERGE). A row's first sighting is kept when its peer is unchanged; a
     * new peer starts its history anew. Its loss is as the row says (null: in place again). One row's text, executed
     * once per row (R2DBC's {@code Statement.add()}) and bound by position, as the resume rows are: a text of up to
     * 200 rows of named parameters was parsed again for every size and kept in Spring's and H2's statement caches
     * (148 texts, ~5 MB of the heap after the first sight of 200,000 ports). Integers and times are cast: an untyped
     * VALUES parameter is text to H2.
     */
    private static final String MERGE = "MERGE INTO cable_history AS t USING (VALUES (CAST($1 AS VARCHAR(18)),"
            + " CAST($2 AS INTEGER), CAST($3 AS VARCHAR(18)), CAST($4 AS INTEGER), CAST($5 AS TIMESTAMP WITH TIME ZONE),"
            + " CAST($6 AS TIMESTAMP WITH TIME ZONE), CAST($7 AS TIMESTAMP WITH TIME ZONE)))"
            + " AS s (node_guid, port_number, peer_guid, peer_port, first_seen, last_seen, lost_at)"
            + " ON t.node_guid = s.node_guid AND t.port_number = s.port_number"
            + " WHEN MATCHED AND t.peer_guid = s.peer_guid AND t.peer_port = s.peer_port"
            + " THEN UPDATE SET last_seen = s.last_seen, lost_at = s.lost_at"
            + " WHEN MATCHED THEN UPDATE SET peer_guid = s.peer_guid, peer_port = s.peer_port,"
            + " first_seen = s.first_seen, last_seen = s.last_seen, lost_at = s.lost_at"
            + " WHEN NOT MATCHED THEN INSERT (node_guid, port_number, peer_guid, peer_port, first_seen, last_seen,"
            + " lost_at) VALUES (s.node_guid, s.port_number, s.peer_guid, s.peer_port, s.first_seen, s.last_seen,"
            + " s.lost_at)";

    /**
     * Inserts or updates the rows by port ({@link #MERGE}), {@link StateSql#ROWS_PER_STATEMENT} a statement, each
     * statement in a transaction of its own: outside one, every row was a commit of its own, and H2's commits were a
     * tenth of the state store's thread while 600,000 ports were first seen. Replicas sharing a PostgreSQL write rows
     * of the same cables (each end's batch may be judged by another replica): in port order, so their transactions
     * lock rows in one order and cannot deadlock each other, and a statement that lost a race for a new row is run
     * once more, when the MERGE finds the other's row, as is one rolled back for a deadlock (one replica's statement
     * against another's {@link #replaceAll}). Not for a caller's transaction: PostgreSQL aborts a whole transaction at
     * its first error, so a statement could not be run again in it.
     */
    public Mono<Long> save(List<CableHistoryRow> rows) {
        return inChunks(rows, chunk -> saveChunk(chunk).onErrorResume(CableHistoryRepository::lostRace,
                lost -> saveChunk(chunk)));
    }

    private Mono<Long> inChunks(List<CableHistoryRow> rows, Function<List<CableHistoryRow>, Mono<Long>> save) {
        List<CableHistoryRow> inPortOrder = rows.stream().sorted(PORT_ORDER).toList();
        return Flux.fromIterable(StateSql.chunks(inPortOrder)).concatMap(save).reduce(0L, Long::sum);
    }

    private static final Comparator<CableHistoryRow> PORT_ORDER =
            Comparator.comparing(CableHistoryRow::nodeGuid).thenComparingInt(CableHistoryRow::portNumber);

    private Mono<Long> saveChunk(List<CableHistoryRow> chunk) {
        return StateSql.perRow(db, MERGE, chunk, CableHistoryRepository::bind).as(transaction::transactional);
    }

    /**
     * Another transaction inserted one of the rows first, or the two waited on each other. {@link DatabaseClient} has
     * turned the driver's exceptions into Spring's by now, but Spring knows a rollback only as the SPI's rollback
     * exception, and r2dbc-postgresql 1.1 throws that for SQL states 40000 and 40001 alone: its deadlock (40P01) is a
     * plain transient exception, which Spring leaves uncategorized. So the SQL state decides: class 40 is a transaction
     * rolled back, which running the statement again may get through.
     */
    static boolean lostRace(Throwable fault) {
        return fault instanceof DuplicateKeyException || fault instanceof ConcurrencyFailureException
                || fault instanceof UncategorizedR2dbcException uncategorized
                && uncategorized.getCause() instanceof R2dbcException driver
                && driver.getSqlState() != null && driver.getSqlState().startsWith(ROLLBACK_CLASS);
    }

    /** SQL's class of states for a transaction rolled back (serialization failure, deadlock). */
    private static final String ROLLBACK_CLASS = "40";

    private static void bind(Statement merge, CableHistoryRow row) {
        merge.bind(0, row.nodeGuid())
                .bind(1, row.portNumber())
                .bind(2, row.peerGuid())
                .bind(3, row.peerPort())
                .bind(4, StateSql.stored(row.firstSeen()))
                .bind(5, StateSql.stored(row.lastSeen()));
        if (row.lostAt() == null) {
            merge.bindNull(6, Instant.class);
        } else {
            merge.bind(6, StateSql.stored(row.lostAt()));
        }
    }

    /**
     * Replaces the whole history by {@code rows} in one transaction: what a newly saved baseline says. A transaction
     * that lost a race with another replica's rows (see {@link #save}) is run once more as a whole, in a new one.
     */
    public Mono<Long> replaceAll(List<CableHistoryRow> rows) {
        Mono<Long> once = Mono.defer(() -> db.sql("DELETE FROM cable_history").then()
                .then(inChunks(rows, this::saveChunk)).as(transaction::transactional));
        return once.onErrorResume(CableHistoryRepository::lostRace, lost -> once);
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
