package io.fabricpulse.server.sm.store;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** The {@code subnet_manager} table (V14). */
@Repository
public class SubnetManagerRepository {

    private final DatabaseClient db;

    public SubnetManagerRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Every SM ever seen, the most recently seen first. */
    public Flux<SubnetManagerRow> all() {
        return db.sql("SELECT guid, lid, priority, state, activity_count, first_seen, last_seen FROM subnet_manager"
                        + " ORDER BY last_seen DESC, guid")
                .map(SubnetManagerRepository::row)
                .all();
    }

    /** Inserts or updates by GUID; the first sighting stays. */
    public Mono<Long> save(List<SubnetManagerRow> rows) {
        return Flux.fromIterable(StateSql.chunks(rows)).concatMap(chunk -> {
            DatabaseClient.GenericExecuteSpec merge = db.sql("MERGE INTO subnet_manager AS t USING (VALUES "
                    + values(chunk.size())
                    + ") AS s (guid, lid, priority, state, activity_count, first_seen, last_seen) ON t.guid = s.guid"
                    + " WHEN MATCHED THEN UPDATE SET lid = s.lid, priority = s.priority, state = s.state,"
                    + " activity_count = s.activity_count, last_seen = s.last_seen"
                    + " WHEN NOT MATCHED THEN INSERT (guid, lid, priority, state, activity_count, first_seen, last_seen)"
                    + " VALUES (s.guid, s.lid, s.priority, s.state, s.activity_count, s.first_seen, s.last_seen)");
            Map<String, Object> values = new HashMap<>();
            for (int i = 0; i < chunk.size(); i++) {
                SubnetManagerRow row = chunk.get(i);
                values.put("g" + i, row.guid());
                values.put("l" + i, row.lid());
                values.put("p" + i, row.priority());
                values.put("a" + i, row.activityCount());
                values.put("f" + i, StateSql.stored(row.firstSeen()));
                values.put("t" + i, StateSql.stored(row.lastSeen()));
                values.put("s" + i, StateSql.parameter(row.state(), String.class));
            }
            return merge.bindValues(values).fetch().rowsUpdated();
        }).reduce(0L, Long::sum);
    }

    /** Integers and times are cast: an untyped VALUES parameter is text to H2. */
    private static String values(int rows) {
        StringJoiner all = new StringJoiner(", ");
        for (int i = 0; i < rows; i++) {
            all.add(("(CAST(:g%1$d AS VARCHAR(18)), CAST(:l%1$d AS INTEGER), CAST(:p%1$d AS INTEGER),"
                    + " CAST(:s%1$d AS VARCHAR(16)), CAST(:a%1$d AS BIGINT), CAST(:f%1$d AS TIMESTAMP WITH TIME ZONE),"
                    + " CAST(:t%1$d AS TIMESTAMP WITH TIME ZONE))").formatted(i));
        }
        return all.toString();
    }

    private static SubnetManagerRow row(Readable row) {
        return new SubnetManagerRow(StateSql.required(row, "guid", String.class),
                StateSql.required(row, "lid", Integer.class),
                StateSql.required(row, "priority", Integer.class),
                row.get("state", String.class),
                StateSql.required(row, "activity_count", Long.class),
                StateSql.required(row, "first_seen", Instant.class),
                StateSql.required(row, "last_seen", Instant.class));
    }
}
