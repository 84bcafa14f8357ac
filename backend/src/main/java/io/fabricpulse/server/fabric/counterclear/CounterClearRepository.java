package io.fabricpulse.server.fabric.counterclear;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.HashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** The {@code counter_clear} table: the clear and reset history of every port. */
@Repository
public class CounterClearRepository {

    private static final String COLUMNS =
            "id, node_guid, port_number, counters, cleared_at, previous_sample_at, source, actor, reason, counters_before";

    private final DatabaseClient db;

    public CounterClearRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * Stores the rows (their ids are ignored) in multi-row INSERTs.
     *
     * @return how many rows were stored
     */
    public Mono<Long> insertAll(List<CounterClearRow> rows) {
        return Flux.fromIterable(StateSql.chunks(rows)).concatMap(this::insertChunk).reduce(0L, Long::sum);
    }

    private Mono<Long> insertChunk(List<CounterClearRow> rows) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("INSERT INTO counter_clear "
                + "(node_guid, port_number, counters, cleared_at, previous_sample_at, source, actor, reason, counters_before)"
                + " VALUES " + StateSql.values(rows.size(), "g", "p", "c", "t", "b", "s", "a", "r", "v"));
        Map<String, Object> values = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            CounterClearRow row = rows.get(i);
            values.put("g" + i, row.nodeGuid());
            values.put("p" + i, row.portNumber());
            values.put("c" + i, countersText(row.counters()));
            values.put("t" + i, StateSql.stored(row.clearedAt()));
            values.put("s" + i, row.source().name());
            values.put("a" + i, row.actor());
            values.put("b" + i, StateSql.parameter(row.previousSampleAt(), Instant.class));
            values.put("r" + i, StateSql.parameter(row.reason(), String.class));
            values.put("v" + i, StateSql.parameter(row.countersBefore(), String.class));
        }
        return insert.bindValues(values).fetch().rowsUpdated();
    }

    /** The port's clears, newest first, at most {@code limit}. */
    public Flux<CounterClearRow> forPort(String nodeGuid, int portNumber, int limit) {
        return Flux.defer(() -> db.sql("SELECT " + COLUMNS + " FROM counter_clear"
                        + " WHERE node_guid = :guid AND port_number = :port"
                        + " ORDER BY cleared_at DESC, id DESC" + StateSql.limit(limit))
                .bind("guid", nodeGuid)
                .bind("port", portNumber)
                .map(CounterClearRepository::row)
                .all());
    }

    /** Clears anywhere in the fabric at or after {@code since}, newest first, at most {@code limit}. */
    public Flux<CounterClearRow> since(Instant since, int limit) {
        return Flux.defer(() -> db.sql("SELECT " + COLUMNS + " FROM counter_clear WHERE cleared_at >= :since"
                        + " ORDER BY cleared_at DESC, id DESC" + StateSql.limit(limit))
                .bind("since", StateSql.stored(since))
                .map(CounterClearRepository::row)
                .all());
    }

    private static String countersText(List<PortCounter> counters) {
        StringJoiner text = new StringJoiner(" ");
        counters.forEach(counter -> text.add(counter.ibaName()));
        return text.toString();
    }

    private static List<PortCounter> counters(String text) {
        List<PortCounter> counters = new ArrayList<>();
        for (String name : text.split(" ")) {
            PortCounter counter = PortCounter.ofIbaName(name);
            if (counter == null) {
                throw new IllegalStateException("counter_clear holds an unknown counter name '" + name + "'");
            }
            counters.add(counter);
        }
        return counters;
    }

    private static CounterClearRow row(Readable row) {
        return new CounterClearRow(StateSql.required(row, "id", Long.class),
                StateSql.required(row, "node_guid", String.class),
                StateSql.required(row, "port_number", Integer.class),
                counters(StateSql.required(row, "counters", String.class)),
                StateSql.required(row, "cleared_at", Instant.class),
                row.get("previous_sample_at", Instant.class),
                CounterClearSource.valueOf(StateSql.required(row, "source", String.class)),
                StateSql.required(row, "actor", String.class),
                row.get("reason", String.class),
                row.get("counters_before", String.class));
    }
}
