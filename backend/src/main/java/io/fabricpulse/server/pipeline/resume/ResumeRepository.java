package io.fabricpulse.server.pipeline.resume;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.server.fabric.StoredBaselines;
import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
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
 * The {@code port_last_sample} and {@code agent_ingest_mark} tables. Writes only ever move a row
 * forward in time, so two replicas writing in any order, or a replayed batch written again, leave
 * the newest sample in place (idempotent).
 */
@Repository
public class ResumeRepository {

    private final DatabaseClient db;
    private final TransactionalOperator transaction;

    public ResumeRepository(DatabaseClient db, TransactionalOperator transaction) {
        this.db = db;
        this.transaction = transaction;
    }

    /**
     * Stores the samples and marks in one transaction: either both or neither. Each port and each agent
     * must appear at most once (a MERGE may touch a row only once).
     */
    public Mono<Void> save(List<PortLastSample> samples, List<AgentMark> marks) {
        return (samples.isEmpty() ? Mono.<Long>empty() : mergeSamples(samples))
                .thenMany(Flux.fromIterable(StateSql.chunks(marks)).concatMap(this::mergeMarks))
                .then()
                .as(transaction::transactional);
    }

    /** The stored last samples of every port of the given nodes. */
    public Mono<Map<PortLastSample.PortId, StoredBaselines.Sample>> lastSamples(Collection<String> nodeGuids) {
        List<String> guids = List.copyOf(nodeGuids);
        return Flux.fromIterable(StateSql.chunks(guids))
                .concatMap(chunk -> in(db.sql("SELECT node_guid, port_number, collected_at, extended, extended_errors, counters, saturated"
                        + " FROM port_last_sample WHERE node_guid IN (" + placeholders("g", chunk.size()) + ")"), "g", chunk)
                        .map(ResumeRepository::sampleRow).all())
                .collectMap(PortLastSample::port, PortLastSample::sample, HashMap::new);
    }

    /** The stored marks of the given agents (absent: nothing stored for that agent). */
    public Mono<Map<String, AgentMark>> marks(Collection<String> agentIds) {
        List<String> agents = List.copyOf(agentIds);
        return Flux.fromIterable(StateSql.chunks(agents))
                .concatMap(chunk -> in(db.sql("SELECT agent_id, sequence, collected_at FROM agent_ingest_mark"
                        + " WHERE agent_id IN (" + placeholders("a", chunk.size()) + ")"), "a", chunk)
                        .map(row -> new AgentMark(StateSql.required(row, "agent_id", String.class),
                                StateSql.required(row, "sequence", Long.class),
                                StateSql.required(row, "collected_at", Instant.class)))
                        .all())
                .collectMap(AgentMark::agentId, mark -> mark, HashMap::new);
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
            + " CAST($8 AS VARCHAR(128))))"
            + " AS s (node_guid, port_number, collected_at, extended, extended_errors, counters, saturated, agent_id)"
            + " ON t.node_guid = s.node_guid AND t.port_number = s.port_number"
            + " WHEN MATCHED AND s.collected_at > t.collected_at THEN UPDATE SET collected_at = s.collected_at,"
            + " extended = s.extended, extended_errors = s.extended_errors, counters = s.counters,"
            + " saturated = s.saturated, agent_id = s.agent_id"
            + " WHEN NOT MATCHED THEN INSERT (node_guid, port_number, collected_at, extended, extended_errors, counters,"
            + " saturated, agent_id) VALUES (s.node_guid, s.port_number, s.collected_at, s.extended, s.extended_errors,"
            + " s.counters, s.saturated, s.agent_id)";

    private Mono<Long> mergeSamples(List<PortLastSample> rows) {
        return db.inConnectionMany(connection -> {
            Statement merge = connection.createStatement(MERGE_SAMPLE);
            for (int i = 0; i < rows.size(); i++) {
                if (i > 0) {
                    merge.add();
                }
                PortLastSample row = rows.get(i);
                merge.bind(0, row.nodeGuid())
                        .bind(1, row.portNumber())
                        .bind(2, StateSql.stored(row.sample().at()))
                        .bind(3, row.sample().width().extendedData())
                        .bind(4, row.sample().width().extendedErrors())
                        .bind(5, SampleBytes.counters(row.sample().counters()))
                        .bind(6, SampleText.saturated(row.sample().saturatedSince()))
                        .bind(7, row.agentId());
            }
            return Flux.from(merge.execute()).flatMap(Result::getRowsUpdated);
        }).reduce(0L, Long::sum);
    }

    private Mono<Long> mergeMarks(List<AgentMark> rows) {
        DatabaseClient.GenericExecuteSpec merge = db.sql("MERGE INTO agent_ingest_mark AS t USING (VALUES "
                + StateSql.values(rows.size(), "a", "q", "t")
                + ") AS s (agent_id, sequence, collected_at) ON t.agent_id = s.agent_id"
                + " WHEN MATCHED AND (s.collected_at > t.collected_at"
                + " OR s.collected_at = t.collected_at AND s.sequence > t.sequence)"
                + " THEN UPDATE SET sequence = s.sequence, collected_at = s.collected_at"
                + " WHEN NOT MATCHED THEN INSERT (agent_id, sequence, collected_at)"
                + " VALUES (s.agent_id, s.sequence, s.collected_at)");
        Map<String, Object> values = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            AgentMark row = rows.get(i);
            values.put("a" + i, row.agentId());
            values.put("q" + i, row.sequence());
            values.put("t" + i, StateSql.stored(row.collectedAt()));
        }
        return merge.bindValues(values).fetch().rowsUpdated();
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
