package io.fabricpulse.server.sweeps;

import io.fabricpulse.server.state.StateSql;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code sweep_member}, {@code sweep_reach} and {@code sweep_plan} tables (V19). A new split is one
 * conditional UPDATE on the plan's version: of replicas racing to write one, exactly one sees a row changed.
 */
@Repository
class SweepRepository {

    /**
     * A discover agent as the store last heard it.
     *
     * @param departedAt when its long-poll closed under it (its process ended); null while it has not since heard
     * @param heardSince since when it has been heard without a silence or a departure
     */
    record Member(String agentId, Instant seenAt, Duration interval, Instant departedAt, Instant heardSince) {
    }

    /** A switch a member's walk reached, and its ports with counters as that member read them. */
    record Reach(String agentId, String switchGuid, int ports) {
    }

    private final DatabaseClient db;

    SweepRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * Notes a walk by {@code agentId}: it is a member from now on, heard since now when new (its interval stays until
     * measured); {@link #heard} then says the rest.
     */
    Mono<Void> joined(String agentId, Instant now, Duration interval) {
        return db.sql("MERGE INTO sweep_member AS t USING (VALUES (:agent, :at, :interval)) AS s (agent_id, seen_at,"
                        + " interval_ms) ON t.agent_id = s.agent_id"
                        + " WHEN NOT MATCHED THEN INSERT (agent_id, seen_at, interval_ms, heard_since)"
                        + " VALUES (s.agent_id, s.seen_at, s.interval_ms, s.seen_at)")
                .bind("agent", agentId)
                .bind("at", StateSql.stored(now))
                .bind("interval", interval.toMillis())
                .then();
    }

    /**
     * A member heard now (a push, or its long-poll held here): back from a departure or from a silence (not heard
     * since {@code silentBefore}) it is heard since now; its interval when this replica measured one (null: unchanged).
     */
    Mono<Void> heard(String agentId, Instant now, Duration interval, Instant silentBefore) {
        DatabaseClient.GenericExecuteSpec update = db.sql("UPDATE sweep_member SET heard_since = CASE WHEN"
                        + " departed_at IS NOT NULL OR seen_at < :silentBefore OR heard_since IS NULL THEN :at"
                        + " ELSE heard_since END, departed_at = NULL, seen_at = :at,"
                        + " interval_ms = COALESCE(:interval, interval_ms) WHERE agent_id = :agent")
                .bind("agent", agentId)
                .bind("at", StateSql.stored(now))
                .bind("silentBefore", StateSql.stored(silentBefore));
        return StateSql.bind(update, "interval", interval == null ? null : interval.toMillis(), Long.class).then();
    }

    /** The member's long-poll closed under it and it did not poll again: it has gone, for every replica. */
    Mono<Void> departed(String agentId, Instant now) {
        return db.sql("UPDATE sweep_member SET departed_at = :at WHERE agent_id = :agent AND departed_at IS NULL")
                .bind("agent", agentId)
                .bind("at", StateSql.stored(now))
                .then();
    }

    /** Records the switches a member's walk reached (a port count only ever rises: a walk of a switch another agent sweeps reads none). */
    Mono<Void> reached(List<Reach> switches) {
        return Flux.fromIterable(StateSql.chunks(switches)).concatMap(chunk -> {
            DatabaseClient.GenericExecuteSpec merge = db.sql("MERGE INTO sweep_reach AS t USING (VALUES "
                    + StateSql.values(chunk.size(), "agent", "guid", "ports")
                    + ") AS s (agent_id, switch_guid, ports) ON t.agent_id = s.agent_id AND t.switch_guid = s.switch_guid"
                    + " WHEN MATCHED AND s.ports > t.ports THEN UPDATE SET ports = s.ports"
                    + " WHEN NOT MATCHED THEN INSERT (agent_id, switch_guid, ports) VALUES (s.agent_id, s.switch_guid, s.ports)");
            Map<String, Object> values = new HashMap<>();
            for (int i = 0; i < chunk.size(); i++) {
                Reach reach = chunk.get(i);
                values.put("agent" + i, reach.agentId());
                values.put("guid" + i, reach.switchGuid());
                values.put("ports" + i, reach.ports());
            }
            return merge.bindValues(values).then();
        }).then();
    }

    Flux<Member> members() {
        return db.sql("SELECT agent_id, seen_at, interval_ms, departed_at, heard_since FROM sweep_member"
                        + " ORDER BY agent_id")
                .map(row -> {
                    Instant seenAt = StateSql.required(row, "seen_at", Instant.class);
                    Instant heardSince = row.get("heard_since", Instant.class);
                    return new Member(StateSql.required(row, "agent_id", String.class), seenAt,
                            Duration.ofMillis(StateSql.required(row, "interval_ms", Number.class).longValue()),
                            row.get("departed_at", Instant.class), heardSince == null ? seenAt : heardSince);
                })
                .all();
    }

    Flux<Reach> reach() {
        return db.sql("SELECT agent_id, switch_guid, ports FROM sweep_reach")
                .map(row -> new Reach(StateSql.required(row, "agent_id", String.class),
                        StateSql.required(row, "switch_guid", String.class),
                        StateSql.required(row, "ports", Number.class).intValue()))
                .all();
    }

    Mono<SweepPlan> plan() {
        return db.sql("SELECT version, members, assignment, made_at FROM sweep_plan WHERE id = 1")
                .map(row -> SweepPlan.parse(StateSql.required(row, "version", Number.class).longValue(),
                        StateSql.required(row, "members", String.class),
                        StateSql.required(row, "assignment", String.class),
                        StateSql.required(row, "made_at", Instant.class)))
                .one();
    }

    /** Writes {@code next} if the plan is still at {@code readVersion}; whether this call wrote it. */
    Mono<Boolean> replace(long readVersion, SweepPlan next) {
        return db.sql("UPDATE sweep_plan SET version = :next, members = :members, assignment = :assignment,"
                        + " made_at = :at WHERE id = 1 AND version = :read")
                .bind("next", next.version())
                .bind("members", next.membersText())
                .bind("assignment", next.assignmentText())
                .bind("at", StateSql.stored(next.madeAt()))
                .bind("read", readVersion)
                .fetch().rowsUpdated()
                .map(rows -> rows == 1);
    }
}
