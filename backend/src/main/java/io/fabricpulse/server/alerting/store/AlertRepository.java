package io.fabricpulse.server.alerting.store;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code alert} and {@code alert_event} tables. Opening an alert whose key is open already
 * fails with Spring's {@code DataIntegrityViolationException} (the UNIQUE open key): that is how two
 * replicas seeing the same problem end up with one alert.
 */
@Repository
public class AlertRepository {

    private static final String COLUMNS = "id, alert_key, rule, severity, scope, node_guid, peer_guid, cluster_name, "
            + "summary, context, fired_at, acked_at, acked_by, ticket, resolved_at, resolved_by, flapping";
    private static final String EVENT_COLUMNS = "id, alert_id, occurred_at, kind, actor, text";

    private final DatabaseClient db;

    public AlertRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Stores a new open alert, opened by nobody in particular (tools, tests); its id and stored times come back. */
    public Mono<AlertRow> open(AlertRow row) {
        return open(row, null);
    }

    /**
     * Stores a new open alert; its id and stored times come back.
     *
     * @param openedBy the replica that opened it, null when none in particular
     */
    public Mono<AlertRow> open(AlertRow row, String openedBy) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("INSERT INTO alert (alert_key, open_key, rule, severity, "
                        + "scope, node_guid, peer_guid, cluster_name, summary, context, fired_at, flapping, opened_by) "
                        + "VALUES (:key, :key, :rule, :severity, :scope, :node, :peer, :cluster, :summary, :context, "
                        + ":fired, :flapping, :openedBy)")
                .bind("key", row.alertKey())
                .bind("rule", row.rule())
                .bind("severity", row.severity())
                .bind("scope", row.scope())
                .bind("summary", row.summary())
                .bind("context", row.context())
                .bind("fired", StateSql.stored(row.firedAt()))
                .bind("flapping", row.flapping());
        insert = StateSql.bind(insert, "node", row.nodeGuid(), String.class);
        insert = StateSql.bind(insert, "peer", row.peerGuid(), String.class);
        insert = StateSql.bind(insert, "cluster", row.cluster(), String.class);
        insert = StateSql.bind(insert, "openedBy", openedBy, String.class);
        return insert.filter(statement -> statement.returnGeneratedValues("id"))
                .map(StateSql::generatedId)
                .one()
                .map(id -> new AlertRow(id, row.alertKey(), row.rule(), row.severity(), row.scope(), row.nodeGuid(),
                        row.peerGuid(), row.cluster(), row.summary(), row.context(), StateSql.stored(row.firedAt()),
                        null, null, null, null, null, row.flapping()));
    }

    /** The open alert for a key, if any. */
    public Mono<AlertRow> findOpen(String alertKey) {
        return db.sql("SELECT " + COLUMNS + " FROM alert WHERE open_key = :key").bind("key", alertKey)
                .map(AlertRepository::row).one();
    }

    public Mono<AlertRow> find(long id) {
        return db.sql("SELECT " + COLUMNS + " FROM alert WHERE id = :id").bind("id", id)
                .map(AlertRepository::row).one();
    }

    /** Every open alert, oldest first. */
    public Flux<AlertRow> allOpen() {
        return db.sql("SELECT " + COLUMNS + " FROM alert WHERE resolved_at IS NULL ORDER BY fired_at, id")
                .map(AlertRepository::row).all();
    }

    /**
     * Acknowledges an open alert (again: a later acknowledgement replaces who and the ticket).
     *
     * @return false when the alert does not exist or is resolved
     */
    public Mono<Boolean> acknowledge(long id, Instant at, String by, String ticket) {
        DatabaseClient.GenericExecuteSpec update = db.sql("UPDATE alert SET acked_at = :at, acked_by = :by, "
                        + "ticket = :ticket WHERE id = :id AND resolved_at IS NULL")
                .bind("at", StateSql.stored(at)).bind("by", by).bind("id", id);
        return StateSql.bind(update, "ticket", ticket, String.class).fetch().rowsUpdated().map(n -> n == 1);
    }

    /**
     * Resolves an open alert; its key is free for a new alert from then on.
     *
     * @return false when the alert does not exist or was resolved already (by another replica, say)
     */
    public Mono<Boolean> resolve(long id, Instant at, String by) {
        return db.sql("UPDATE alert SET resolved_at = :at, resolved_by = :by, open_key = NULL "
                        + "WHERE id = :id AND resolved_at IS NULL")
                .bind("at", StateSql.stored(at)).bind("by", by).bind("id", id)
                .fetch().rowsUpdated().map(n -> n == 1);
    }

    /**
     * Records that replica {@code by} saw the open alert's condition hold at {@code at}: the stored time
     * only moves forward, and an assertion by any replica but the opener marks the alert shared for good.
     *
     * @return false when the alert is resolved or unknown
     */
    public Mono<Boolean> asserted(long id, Instant at, String by) {
        return db.sql("UPDATE alert SET last_asserted_at = CASE WHEN last_asserted_at IS NULL "
                        + "OR last_asserted_at < :at THEN :at ELSE last_asserted_at END, "
                        + "shared_by_replicas = CASE WHEN opened_by IS NULL OR opened_by <> :by THEN TRUE "
                        + "ELSE shared_by_replicas END WHERE id = :id AND resolved_at IS NULL")
                .bind("at", StateSql.stored(at)).bind("by", by).bind("id", id)
                .fetch().rowsUpdated().map(n -> n == 1);
    }

    /** For every open alert by id, the last assertion any replica stored (its firing if none) and whether it is shared. */
    public Mono<Map<Long, Assertion>> lastAssertions() {
        return db.sql("SELECT id, COALESCE(last_asserted_at, fired_at) AS last_at, shared_by_replicas FROM alert "
                        + "WHERE resolved_at IS NULL")
                .map(row -> new Assertion(StateSql.required(row, "id", Long.class),
                        StateSql.required(row, "last_at", Instant.class),
                        StateSql.required(row, "shared_by_replicas", Boolean.class)))
                .all()
                .collectMap(Assertion::alertId);
    }

    /**
     * What the store knows of an open alert's assertions.
     *
     * @param at     the last time any replica stored that its condition held; its firing if none did
     * @param shared whether a replica other than the opener has asserted it
     */
    public record Assertion(long alertId, Instant at, boolean shared) {
    }

    /** Fired by {@code :at}, neither acknowledged nor resolved by then. */
    private static final String FIRING_AT = "fired_at <= :at AND (resolved_at IS NULL OR resolved_at > :at)"
            + " AND (acked_at IS NULL OR acked_at > :at)";

    /** Alerts matching the filter, newest first, {@code limit} of them after skipping {@code offset}. */
    public Flux<AlertRow> search(AlertFilter filter, int offset, int limit) {
        return search(filter, AlertOrder.NEWEST, offset, limit);
    }

    /** Alerts matching the filter in {@code order}, {@code limit} of them after skipping {@code offset}. */
    public Flux<AlertRow> search(AlertFilter filter, AlertOrder order, int offset, int limit) {
        return Flux.defer(() -> {
            List<Object[]> binds = new ArrayList<>();
            String where = where(filter, binds);
            DatabaseClient.GenericExecuteSpec query = db.sql("SELECT " + COLUMNS + " FROM alert" + where
                    + " ORDER BY " + order.sql() + " OFFSET " + Math.max(0, offset) + " ROWS" + StateSql.limit(limit));
            for (Object[] bind : binds) {
                query = query.bind((String) bind[0], bind[1]);
            }
            return query.map(AlertRepository::row).all();
        });
    }

    /**
     * Alerts open at some time in {@code [from, to)}: fired before {@code to} and not resolved before {@code from};
     * newest first, at most {@code limit}.
     */
    public Flux<AlertRow> overlapping(Instant from, Instant to, int limit) {
        return db.sql("SELECT " + COLUMNS + " FROM alert WHERE fired_at < :to AND (resolved_at IS NULL OR resolved_at >= :from)"
                        + " ORDER BY fired_at DESC, id DESC" + StateSql.limit(limit))
                .bind("from", StateSql.stored(from)).bind("to", StateSql.stored(to))
                .map(AlertRepository::row).all();
    }

    /**
     * Alerts that were firing at {@code at} (fired by then, neither acknowledged nor resolved by then) in {@code order},
     * at most {@code limit}: the strip of a past instant, from the times every alert keeps.
     */
    public Flux<AlertRow> firingAt(Instant at, AlertOrder order, int limit) {
        return db.sql("SELECT " + COLUMNS + " FROM alert WHERE " + FIRING_AT + " ORDER BY " + order.sql() + StateSql.limit(limit))
                .bind("at", StateSql.stored(at))
                .map(AlertRepository::row).all();
    }

    /** How many alerts were firing at {@code at}, by severity name; a severity without any is absent. */
    public Mono<Map<String, Long>> countFiringAt(Instant at) {
        return db.sql("SELECT severity, COUNT(*) AS n FROM alert WHERE " + FIRING_AT + " GROUP BY severity")
                .bind("at", StateSql.stored(at))
                .map(row -> Map.entry(StateSql.required(row, "severity", String.class),
                        StateSql.required(row, "n", Number.class).longValue()))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    /** Alerts of {@code rule} open at {@code at} (fired by then, not resolved by then), at most {@code limit}. */
    public Flux<AlertRow> openAt(Instant at, String rule, int limit) {
        return db.sql("SELECT " + COLUMNS + " FROM alert WHERE rule = :rule AND fired_at <= :at"
                        + " AND (resolved_at IS NULL OR resolved_at > :at) ORDER BY fired_at DESC, id DESC" + StateSql.limit(limit))
                .bind("rule", rule).bind("at", StateSql.stored(at))
                .map(AlertRepository::row).all();
    }

    /** How many alerts match the filter. */
    public Mono<Long> count(AlertFilter filter) {
        return Mono.defer(() -> {
            List<Object[]> binds = new ArrayList<>();
            DatabaseClient.GenericExecuteSpec query = db.sql("SELECT COUNT(*) FROM alert" + where(filter, binds));
            for (Object[] bind : binds) {
                query = query.bind((String) bind[0], bind[1]);
            }
            return query.map(row -> StateSql.required(row, 0, Number.class).longValue()).one();
        });
    }

    /** Appends one history entry. */
    public Mono<AlertEventRow> appendEvent(AlertEventRow event) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("INSERT INTO alert_event (alert_id, occurred_at, kind, "
                        + "actor, text) VALUES (:alert, :at, :kind, :actor, :text)")
                .bind("alert", event.alertId())
                .bind("at", StateSql.stored(event.occurredAt()))
                .bind("kind", event.kind())
                .bind("actor", event.actor());
        return StateSql.bind(insert, "text", event.text(), String.class)
                .filter(statement -> statement.returnGeneratedValues("id"))
                .map(StateSql::generatedId)
                .one()
                .map(id -> new AlertEventRow(id, event.alertId(), StateSql.stored(event.occurredAt()), event.kind(),
                        event.actor(), event.text()));
    }

    /** An alert's history, oldest first. */
    public Flux<AlertEventRow> history(long alertId) {
        return db.sql("SELECT " + EVENT_COLUMNS + " FROM alert_event WHERE alert_id = :alert ORDER BY occurred_at, id")
                .bind("alert", alertId)
                .map(row -> new AlertEventRow(StateSql.required(row, "id", Long.class),
                        StateSql.required(row, "alert_id", Long.class),
                        StateSql.required(row, "occurred_at", Instant.class),
                        StateSql.required(row, "kind", String.class),
                        StateSql.required(row, "actor", String.class),
                        row.get("text", String.class)))
                .all();
    }

    private static String where(AlertFilter filter, List<Object[]> binds) {
        List<String> conditions = new ArrayList<>();
        if (filter.state() != null) {
            conditions.add(switch (filter.state()) {
                case "OPEN" -> "resolved_at IS NULL";
                case "FIRING" -> "resolved_at IS NULL AND acked_at IS NULL";
                case "ACKNOWLEDGED" -> "resolved_at IS NULL AND acked_at IS NOT NULL";
                case "RESOLVED" -> "resolved_at IS NOT NULL";
                default -> throw new IllegalArgumentException("unknown alert state " + filter.state());
            });
        }
        condition(conditions, binds, "severity = :severity", "severity", filter.severity());
        condition(conditions, binds, "(node_guid = :node OR peer_guid = :node)", "node", filter.nodeGuid());
        if (filter.port() != null) {
            // The subject after "rule|": the port itself, or a link with it at either end (AlertSubject's keys).
            String end = filter.nodeGuid() + "/" + filter.port();
            conditions.add("(alert_key LIKE :portKey OR alert_key LIKE :linkFirst OR alert_key LIKE :linkSecond)");
            binds.add(new Object[]{"portKey", "%|port:" + end});
            binds.add(new Object[]{"linkFirst", "%|link:" + end + "-%"});
            binds.add(new Object[]{"linkSecond", "%|link:%-" + end});
        }
        condition(conditions, binds, "cluster_name = :cluster", "cluster", filter.cluster());
        condition(conditions, binds, "rule = :rule", "rule", filter.rule());
        condition(conditions, binds, "fired_at >= :since", "since", StateSql.stored(filter.since()));
        return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
    }

    private static void condition(List<String> conditions, List<Object[]> binds, String sql, String name, Object value) {
        if (value != null) {
            conditions.add(sql);
            binds.add(new Object[]{name, value});
        }
    }

    private static AlertRow row(Readable row) {
        return new AlertRow(StateSql.required(row, "id", Long.class),
                StateSql.required(row, "alert_key", String.class),
                StateSql.required(row, "rule", String.class),
                StateSql.required(row, "severity", String.class),
                StateSql.required(row, "scope", String.class),
                row.get("node_guid", String.class),
                row.get("peer_guid", String.class),
                row.get("cluster_name", String.class),
                StateSql.required(row, "summary", String.class),
                StateSql.required(row, "context", String.class),
                StateSql.required(row, "fired_at", Instant.class),
                row.get("acked_at", Instant.class),
                row.get("acked_by", String.class),
                row.get("ticket", String.class),
                row.get("resolved_at", Instant.class),
                row.get("resolved_by", String.class),
                StateSql.required(row, "flapping", Boolean.class));
    }
}
