package io.fabricpulse.server.topology.store;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;

/** The {@code topology_baseline} table: saved topologies, the newest in force. */
@Repository
public class TopologyBaselineRepository {

    private static final String SUMMARY_COLUMNS = "id, created_at, created_by, format, LENGTH(content) AS content_length";
    private static final String COLUMNS = "id, created_at, created_by, format, content";
    private static final String NEWEST_FIRST = " ORDER BY created_at DESC, id DESC";

    private final DatabaseClient db;

    public TopologyBaselineRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Stores the baseline (its id is ignored) and returns it with the id it got. */
    public Mono<TopologyBaselineRow> save(TopologyBaselineRow baseline) {
        Instant created = StateSql.stored(baseline.createdAt());
        return db.sql("INSERT INTO topology_baseline (created_at, created_by, format, content) "
                        + "VALUES (:createdAt, :createdBy, :format, :content)")
                .bind("createdAt", created)
                .bind("createdBy", baseline.createdBy())
                .bind("format", baseline.format().name())
                .bind("content", baseline.content())
                .filter(statement -> statement.returnGeneratedValues("id"))
                .map(StateSql::generatedId)
                .one()
                .map(id -> new TopologyBaselineRow(id, created, baseline.createdBy(), baseline.format(),
                        baseline.content()));
    }

    /** The baseline in force: the newest; empty when none was ever saved. */
    public Mono<TopologyBaselineRow> latest() {
        return db.sql("SELECT " + COLUMNS + " FROM topology_baseline" + NEWEST_FIRST + StateSql.limit(1))
                .map(TopologyBaselineRepository::row)
                .one();
    }

    public Mono<TopologyBaselineRow> find(long id) {
        return db.sql("SELECT " + COLUMNS + " FROM topology_baseline WHERE id = :id")
                .bind("id", id)
                .map(TopologyBaselineRepository::row)
                .one();
    }

    /** The newest baselines without their content, newest first, at most {@code limit}. */
    public Flux<TopologyBaselineSummary> list(int limit) {
        return Flux.defer(() -> db.sql("SELECT " + SUMMARY_COLUMNS + " FROM topology_baseline" + NEWEST_FIRST
                        + StateSql.limit(limit))
                .map(row -> new TopologyBaselineSummary(StateSql.required(row, "id", Long.class),
                        StateSql.required(row, "created_at", Instant.class),
                        StateSql.required(row, "created_by", String.class),
                        BaselineFormat.valueOf(StateSql.required(row, "format", String.class)),
                        StateSql.required(row, "content_length", Number.class).longValue()))
                .all());
    }

    private static TopologyBaselineRow row(Readable row) {
        return new TopologyBaselineRow(StateSql.required(row, "id", Long.class),
                StateSql.required(row, "created_at", Instant.class),
                StateSql.required(row, "created_by", String.class),
                BaselineFormat.valueOf(StateSql.required(row, "format", String.class)),
                StateSql.required(row, "content", String.class));
    }
}
