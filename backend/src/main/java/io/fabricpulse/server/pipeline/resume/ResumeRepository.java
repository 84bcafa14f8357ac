package io.fabricpulse.server.pipeline.resume;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.server.fabric.StoredBaselines;
import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The {@code port_last_sample} and {@code agent_ingest_mark} tables, this replica's rows: each replica
 * that receives every batch keeps its own marks and baselines under its name (V18); replicas without a
 * name (a single server, or batches split by a load balancer) share the empty one. Writes only ever move
 * a row forward in time, so writers in any order, or a replayed batch written again, leave the newest
 * sample in place (idempotent).
 */
public class ResumeRepository {

    private final DatabaseClient db;
    private final TransactionalOperator transaction;
    private final String replica;

    /** The rows of the unnamed replica: a single server's. */
    public ResumeRepository(DatabaseClient db, TransactionalOperator transaction) {
        this(db, transaction, "");
    }

    /** @param replica this replica's name ({@code fabricpulse.pipeline.replica}), empty for none */
    public ResumeRepository(DatabaseClient db, TransactionalOperator transaction, String replica) {
        this.db = db;
        this.transaction = transaction;
        this.replica = replica;
    }

    /**
     * Stores the samples and marks in one transaction: either both or neither. Each port and each agent
     * must appear at most once (a MERGE may touch a row only once).
     */
    public Mono<Void> save(List<PortLastSample> samples, List<AgentMark> marks) {
        return mergeSamples(samples)
                .then(mergeMarks(marks))
                .then()
                .as(transaction::transactional);
    }

    /** This replica's stored last samples of every port of the given nodes. */
    public Mono<Map<PortLastSample.PortId, StoredBaselines.Sample>> lastSamples(Collection<String> nodeGuids) {
        List<String> guids = List.copyOf(nodeGuids);
        return Flux.fromIterable(StateSql.chunks(guids))
                .concatMap(chunk -> in(db.sql("SELECT node_guid, port_number, collected_at, extended, extended_errors, counters, saturated"
                        + " FROM port_last_sample WHERE replica = CAST(:replica AS VARCHAR(100)) AND node_guid IN ("
                        + placeholders("g", chunk.size()) + ")"), "g", chunk).bind("replica", replica)
                        .map(ResumeRepository::sampleRow).all())
                .collectMap(PortLastSample::port, PortLastSample::sample, HashMap::new);
    }

    /** The stored marks of the given agents, this replica's and the newest of the others'. */
    public Mono<ReplicaMarks> marks(Collection<String> agentIds) {
        List<String> agents = List.copyOf(agentIds);
        return Flux.fromIterable(StateSql.chunks(agents))
                .concatMap(chunk -> in(db.sql("SELECT replica, agent_id, sequence, collected_at FROM agent_ingest_mark"
                        + " WHERE agent_id IN (" + placeholders("a", chunk.size()) + ")"), "a", chunk)
                        .map(ResumeRepository::markRow).all())
                .collect(() -> new ReplicaMarks(new HashMap<>(), new HashMap<>()), (marks, row) -> marks.add(replica, row));
    }

    /** Every agent's marks (this replica's and the newest of the others'): how far behind this replica is. */
    public Mono<ReplicaMarks> allMarks() {
        return db.sql("SELECT replica, agent_id, sequence, collected_at FROM agent_ingest_mark")
                .map(ResumeRepository::markRow).all()
                .collect(() -> new ReplicaMarks(new HashMap<>(), new HashMap<>()), (marks, row) -> marks.add(replica, row));
    }

    private static ReplicaMarks.Row markRow(Readable row) {
        return new ReplicaMarks.Row(StateSql.required(row, "replica", String.class),
                new AgentMark(StateSql.required(row, "agent_id", String.class),
                        StateSql.required(row, "sequence", Long.class),
                        StateSql.required(row, "collected_at", Instant.class)));
    }

    /**
     * One prepared statement executed once per row (R2DBC's {@code Statement.add()}), not one statement
     * text with hundreds of named parameters: the database parses it once and the driver binds by
     * position, which is what keeps a flush of tens of thousands of ports cheap. The counters' bytes are
     * cast: H2 types an untyped VALUES parameter as text and would read the bytes as UTF-8.
     */
    private static final String MERGE_SAMPLE = "MERGE INTO port_last_sample AS t"
            + " USING (VALUES (CAST($1 AS VARCHAR(18)), CAST($2 AS INTEGER), CAST($3 AS TIMESTAMP WITH TIME ZONE),"
            + " CAST($4 AS BOOLEAN), CAST($5 AS BOOLEAN), CAST($6 AS BYTEA), CAST($7 AS VARCHAR(4000)),"
            + " CAST($8 AS VARCHAR(128)), CAST($9 AS VARCHAR(100))))"
            + " AS s (node_guid, port_number, collected_at, extended, extended_errors, counters, saturated, agent_id, replica)"
            + " ON t.replica = s.replica AND t.node_guid = s.node_guid AND t.port_number = s.port_number"
            + " WHEN MATCHED AND s.collected_at > t.collected_at THEN UPDATE SET collected_at = s.collected_at,"
            + " extended = s.extended, extended_errors = s.extended_errors, counters = s.counters,"
            + " saturated = s.saturated, agent_id = s.agent_id"
            + " WHEN NOT MATCHED THEN INSERT (node_guid, port_number, collected_at, extended, extended_errors, counters,"
            + " saturated, agent_id, replica) VALUES (s.node_guid, s.port_number, s.collected_at, s.extended,"
            + " s.extended_errors, s.counters, s.saturated, s.agent_id, s.replica)";

    private Mono<Long> mergeSamples(List<PortLastSample> rows) {
        return StateSql.perRow(db, MERGE_SAMPLE, rows, (merge, row) -> merge.bind(0, row.nodeGuid())
                .bind(1, row.portNumber())
                .bind(2, StateSql.stored(row.sample().at()))
                .bind(3, row.sample().width().extendedData())
                .bind(4, row.sample().width().extendedErrors())
                .bind(5, SampleBytes.counters(row.sample().counters()))
                .bind(6, SampleText.saturated(row.sample().saturatedSince()))
                .bind(7, row.agentId())
                .bind(8, replica));
    }

    /** A mark moves forward only (a later time, or the same time and a later sequence); one row's text, as the samples'. */
    private static final String MERGE_MARK = "MERGE INTO agent_ingest_mark AS t"
            + " USING (VALUES (CAST($1 AS VARCHAR(128)), CAST($2 AS BIGINT), CAST($3 AS TIMESTAMP WITH TIME ZONE),"
            + " CAST($4 AS VARCHAR(100)))) AS s (agent_id, sequence, collected_at, replica)"
            + " ON t.replica = s.replica AND t.agent_id = s.agent_id"
            + " WHEN MATCHED AND (s.collected_at > t.collected_at"
            + " OR s.collected_at = t.collected_at AND s.sequence > t.sequence)"
            + " THEN UPDATE SET sequence = s.sequence, collected_at = s.collected_at"
            + " WHEN NOT MATCHED THEN INSERT (replica, agent_id, sequence, collected_at)"
            + " VALUES (s.replica, s.agent_id, s.sequence, s.collected_at)";

    /** Every flush's marks, one row's text executed per agent ({@link StateSql#perRow}), as the samples'. */
    private Mono<Long> mergeMarks(List<AgentMark> rows) {
        return StateSql.perRow(db, MERGE_MARK, rows, (merge, row) -> merge.bind(0, row.agentId())
                .bind(1, row.sequence())
                .bind(2, StateSql.stored(row.collectedAt()))
                .bind(3, replica));
    }

    private static DatabaseClient.GenericExecuteSpec in(DatabaseClient.GenericExecuteSpec spec, String prefix,
                                                        List<String> values) {
        Map<String, Object> bound = new HashMap<>();
        for (int i = 0; i < values.size(); i++) {
            bound.put(prefix + i, values.get(i));
        }
        return spec.bindValues(bound);
    }

    private static String placeholders(String prefix, int count) {
        StringJoiner list = new StringJoiner(", ");
        for (int i = 0; i < count; i++) {
            list.add(":" + prefix + i);
        }
        return list.toString();
    }

    private static PortLastSample sampleRow(Readable row) {
        StoredBaselines.Sample sample = new StoredBaselines.Sample(
                SampleBytes.parseCounters(StateSql.required(row, "counters", byte[].class)),
                CounterWidth.of(StateSql.required(row, "extended", Boolean.class),
                        StateSql.required(row, "extended_errors", Boolean.class)),
                StateSql.required(row, "collected_at", Instant.class),
                SampleText.parseSaturated(StateSql.required(row, "saturated", String.class)));
        return new PortLastSample(StateSql.required(row, "node_guid", String.class),
                StateSql.required(row, "port_number", Integer.class), sample, "");
    }
}
