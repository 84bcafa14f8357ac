package io.fabricpulse.server.security.audit;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The audit log: append-only, read newest first. */
@Repository
public class AuditLogRepository {

    private static final String COLUMNS = "id, occurred_at, actor, action, target, detail";

    private final DatabaseClient db;

    public AuditLogRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Stores the entry; joins the caller's transaction when there is one. */
    public Mono<AuditEntry> append(AuditEntry entry) {
        DatabaseClient.GenericExecuteSpec insert = db.sql(
                        "INSERT INTO audit_log (occurred_at, actor, action, target, detail) "
                                + "VALUES (:occurredAt, :actor, :action, :target, :detail)")
                .bind("occurredAt", StateSql.stored(entry.occurredAt()))
                .bind("actor", entry.actor())
                .bind("action", entry.action())
                .bind("target", entry.target());
        return StateSql.bind(insert, "detail", entry.detail(), String.class)
                .filter(statement -> statement.returnGeneratedValues("id"))
                .map(StateSql::generatedId)
                .one()
                .map(id -> new AuditEntry(id, StateSql.stored(entry.occurredAt()), entry.actor(), entry.action(),
                        entry.target(), entry.detail()));
    }

    /** The newest entries, at most {@code limit}, newest first; only those at or after {@code since} when given. */
    public Flux<AuditEntry> recent(Instant since, int limit) {
        return Flux.defer(() -> {
            String where = since == null ? "" : " WHERE occurred_at >= :since";
            DatabaseClient.GenericExecuteSpec query = db.sql("SELECT " + COLUMNS + " FROM audit_log" + where
                    + " ORDER BY occurred_at DESC, id DESC" + StateSql.limit(limit));
            if (since != null) {
                query = query.bind("since", StateSql.stored(since));
            }
            return query.map(AuditLogRepository::entry).all();
        });
    }

    /**
     * A page of entries, newest first (by id, which grows with every append), filtered by the query.
     * Pages are cut by id rather than by offset, so entries appended meanwhile do not shift them.
     */
    public Flux<AuditEntry> find(AuditQuery query) {
        return Flux.defer(() -> {
            List<String> where = new ArrayList<>();
            Map<String, Object> values = new LinkedHashMap<>();
            condition(where, values, "actor = :actor", "actor", query.actor());
            if (query.action() != null && query.action().endsWith(".")) {
                // LIKE with the prefix escaped: action names contain '-' and '.', never '%' or '_' on
                // purpose, but a caller's text might.
                condition(where, values, "action LIKE :action ESCAPE '!'", "action", likePrefix(query.action()));
            } else {
                condition(where, values, "action = :action", "action", query.action());
            }
            condition(where, values, "target = :target", "target", query.target());
            condition(where, values, "occurred_at >= :since", "since", StateSql.stored(query.since()));
            condition(where, values, "occurred_at < :until", "until", StateSql.stored(query.until()));
            condition(where, values, "id < :beforeId", "beforeId", query.beforeId());
            String sql = "SELECT " + COLUMNS + " FROM audit_log"
                    + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where))
                    + " ORDER BY id DESC" + StateSql.limit(query.limit());
            DatabaseClient.GenericExecuteSpec spec = db.sql(sql);
            for (Map.Entry<String, Object> value : values.entrySet()) {
                spec = spec.bind(value.getKey(), value.getValue());
            }
            return spec.map(AuditLogRepository::entry).all();
        });
    }

    private static void condition(List<String> where, Map<String, Object> values, String sql, String name,
                                  Object value) {
        if (value != null) {
            where.add(sql);
            values.put(name, value);
        }
    }

    private static String likePrefix(String prefix) {
        return prefix.replace("!", "!!").replace("%", "!%").replace("_", "!_") + "%";
    }

    private static AuditEntry entry(Readable row) {
        return new AuditEntry(StateSql.required(row, "id", Long.class),
                StateSql.required(row, "occurred_at", Instant.class),
                StateSql.required(row, "actor", String.class),
                StateSql.required(row, "action", String.class),
                StateSql.required(row, "target", String.class),
                row.get("detail", String.class));
    }
}
