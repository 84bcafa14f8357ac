package io.fabricpulse.server.notify.outbox;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;

/**
 * The {@code notification_outbox} table. Every state change of a claimed row is an UPDATE that also
 * checks {@code claimed_by}: a replica whose lease ran out (and was taken over) changes nothing.
 */
@Repository
public class OutboxRepository {

    private static final String COLUMNS =
            "id, channel, idempotency_key, alert_id, event_kind, notice, created_at, due_at, attempts";
    private static final String OPEN = "delivered_at IS NULL AND failed_at IS NULL";
    static final int MAX_ERROR = 1000;

    private final DatabaseClient db;

    public OutboxRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * Queues an event for a channel, due at once.
     *
     * @return true when queued; false when this key was queued before (the same event announced again)
     */
    public Mono<Boolean> enqueue(String channel, String idempotencyKey, String alertId, String eventKind,
                                 String notice, Instant now) {
        return db.sql("INSERT INTO notification_outbox (channel, idempotency_key, alert_id, event_kind, notice, "
                        + "created_at, due_at, attempts) VALUES (:channel, :key, :alertId, :kind, :notice, :now, :now, 0)")
                .bind("channel", channel)
                .bind("key", idempotencyKey)
                .bind("alertId", alertId)
                .bind("kind", eventKind)
                .bind("notice", notice)
                .bind("now", StateSql.stored(now))
                .fetch().rowsUpdated()
                .map(rows -> rows == 1)
                .onErrorResume(DataIntegrityViolationException.class, duplicate -> Mono.just(false));
    }

    /** Open rows due at {@code now} and not leased to anyone, oldest due first: candidates to claim. */
    public Flux<OutboxEntry> due(Instant now, int limit) {
        return Flux.defer(() -> db.sql("SELECT " + COLUMNS + " FROM notification_outbox WHERE " + OPEN
                        + " AND due_at <= :now AND (claimed_until IS NULL OR claimed_until < :now)"
                        + " ORDER BY due_at, id" + StateSql.limit(limit))
                .bind("now", StateSql.stored(now))
                .map(OutboxRepository::entry)
                .all());
    }

    /**
     * Takes the row for {@code owner} until {@code until}, in one atomic UPDATE: of two replicas
     * trying at once, the database lets exactly one match the WHERE.
     *
     * @return whether this owner has it now
     */
    public Mono<Boolean> claim(long id, String owner, Instant now, Instant until) {
        return db.sql("UPDATE notification_outbox SET claimed_by = :owner, claimed_until = :until WHERE id = :id AND "
                        + OPEN + " AND due_at <= :now AND (claimed_until IS NULL OR claimed_until < :now)")
                .bind("owner", owner)
                .bind("until", StateSql.stored(until))
                .bind("id", id)
                .bind("now", StateSql.stored(now))
                .fetch().rowsUpdated()
                .map(rows -> rows == 1);
    }

    /** The channel took it. */
    public Mono<Boolean> delivered(long id, String owner, Instant at) {
        return settle("delivered_at = :at, attempts = attempts + 1, last_error = NULL", id, owner,
                spec -> spec.bind("at", StateSql.stored(at)));
    }

    /** The attempt failed (or was not made, {@code attempted} false); try again at {@code dueAt}. */
    public Mono<Boolean> retryAt(long id, String owner, Instant dueAt, String error, boolean attempted) {
        return settle("due_at = :due, attempts = attempts + :tried, last_error = :error", id, owner,
                spec -> spec.bind("due", StateSql.stored(dueAt)).bind("tried", attempted ? 1 : 0)
                        .bind("error", cut(error)));
    }

    /** Given up: the row stays as history with the reason. */
    public Mono<Boolean> failed(long id, String owner, Instant at, String error, boolean attempted) {
        return settle("failed_at = :at, attempts = attempts + :tried, last_error = :error", id, owner,
                spec -> spec.bind("at", StateSql.stored(at)).bind("tried", attempted ? 1 : 0)
                        .bind("error", cut(error)));
    }

    /**
     * Ends {@code owner}'s claim on a row with {@code assignments}: only while the claim is still its
     * own, so a replica whose lease ran out changes nothing. True when the row was updated.
     */
    private Mono<Boolean> settle(String assignments, long id, String owner,
                                 java.util.function.UnaryOperator<DatabaseClient.GenericExecuteSpec> binds) {
        return binds.apply(db.sql("UPDATE notification_outbox SET " + assignments
                        + ", claimed_by = NULL, claimed_until = NULL WHERE id = :id AND claimed_by = :owner"))
                .bind("id", id)
                .bind("owner", owner)
                .fetch().rowsUpdated()
                .map(rows -> rows == 1);
    }

    /** Deletes delivered and given-up rows finished before {@code before}; emits how many. */
    public Mono<Long> forgetFinishedBefore(Instant before) {
        return db.sql("DELETE FROM notification_outbox WHERE delivered_at < :before OR failed_at < :before")
                .bind("before", StateSql.stored(before))
                .fetch().rowsUpdated();
    }

    /** Rows neither delivered nor given up: what is still to be sent. */
    public Mono<Long> countOpen() {
        return db.sql("SELECT COUNT(*) FROM notification_outbox WHERE " + OPEN)
                .map(row -> StateSql.required(row, 0, Number.class).longValue())
                .one();
    }

    private static String cut(String error) {
        return error.length() <= MAX_ERROR ? error : error.substring(0, MAX_ERROR - 1) + "…";
    }

    private static OutboxEntry entry(Readable row) {
        return new OutboxEntry(StateSql.required(row, "id", Long.class),
                StateSql.required(row, "channel", String.class),
                StateSql.required(row, "idempotency_key", String.class),
                StateSql.required(row, "alert_id", String.class),
                StateSql.required(row, "event_kind", String.class),
                StateSql.required(row, "notice", String.class),
                StateSql.required(row, "created_at", Instant.class),
                StateSql.required(row, "due_at", Instant.class),
                StateSql.required(row, "attempts", Integer.class));
    }
}
