package io.fabricpulse.server.alerting.store;

import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;

/** The {@code alert_silence} table. */
@Repository
public class SilenceRepository {

    private static final String COLUMNS =
            "id, match_kind, match_value, starts_at, ends_at, created_at, created_by, comment";

    private final DatabaseClient db;

    public SilenceRepository(DatabaseClient db) {
        this.db = db;
    }

    public Mono<SilenceRow> create(SilenceRow silence) {
        return db.sql("INSERT INTO alert_silence (match_kind, match_value, starts_at, ends_at, created_at, "
                        + "created_by, comment) VALUES (:kind, :value, :starts, :ends, :created, :by, :comment)")
                .bind("kind", silence.matchKind())
                .bind("value", silence.matchValue())
                .bind("starts", StateSql.stored(silence.startsAt()))
                .bind("ends", StateSql.stored(silence.endsAt()))
                .bind("created", StateSql.stored(silence.createdAt()))
                .bind("by", silence.createdBy())
                .bind("comment", silence.comment())
                .filter(statement -> statement.returnGeneratedValues("id"))
                .map(StateSql::generatedId)
                .one()
                .flatMap(this::find);
    }

    /**
     * Changes what, when and why (not who made it).
     *
     * @return the changed silence, empty when there is none with that id
     */
    public Mono<SilenceRow> update(SilenceRow silence) {
        return db.sql("UPDATE alert_silence SET match_kind = :kind, match_value = :value, starts_at = :starts, "
                        + "ends_at = :ends, comment = :comment WHERE id = :id")
                .bind("kind", silence.matchKind())
                .bind("value", silence.matchValue())
                .bind("starts", StateSql.stored(silence.startsAt()))
                .bind("ends", StateSql.stored(silence.endsAt()))
                .bind("comment", silence.comment())
                .bind("id", silence.id())
                .fetch().rowsUpdated()
                .flatMap(n -> n == 1 ? find(silence.id()) : Mono.empty());
    }

    /** @return whether there was such a silence */
    public Mono<Boolean> delete(long id) {
        return db.sql("DELETE FROM alert_silence WHERE id = :id").bind("id", id).fetch().rowsUpdated().map(n -> n == 1);
    }

    public Mono<SilenceRow> find(long id) {
        return db.sql("SELECT " + COLUMNS + " FROM alert_silence WHERE id = :id").bind("id", id)
                .map(SilenceRepository::row).one();
    }

    /** Silences not yet expired at {@code now} (pending or active), by start. */
    public Flux<SilenceRow> notExpired(Instant now) {
        return db.sql("SELECT " + COLUMNS + " FROM alert_silence WHERE ends_at > :now ORDER BY starts_at, id")
                .bind("now", StateSql.stored(now))
                .map(SilenceRepository::row).all();
    }

    /** Every silence, newest start first, at most {@code limit}. */
    public Flux<SilenceRow> all(int limit) {
        return Flux.defer(() -> db.sql("SELECT " + COLUMNS + " FROM alert_silence ORDER BY starts_at DESC, id DESC"
                + StateSql.limit(limit)).map(SilenceRepository::row).all());
    }

    private static SilenceRow row(Readable row) {
        return new SilenceRow(StateSql.required(row, "id", Long.class),
                StateSql.required(row, "match_kind", String.class),
                StateSql.required(row, "match_value", String.class),
                StateSql.required(row, "starts_at", Instant.class),
                StateSql.required(row, "ends_at", Instant.class),
                StateSql.required(row, "created_at", Instant.class),
                StateSql.required(row, "created_by", String.class),
                StateSql.required(row, "comment", String.class));
    }
}
