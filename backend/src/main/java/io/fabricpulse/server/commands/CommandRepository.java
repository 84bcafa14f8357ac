package io.fabricpulse.server.commands;

import io.fabricpulse.model.command.CommandKind;
import io.fabricpulse.server.ingest.AgentRole;
import io.fabricpulse.server.state.StateSql;
import io.r2dbc.spi.Readable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Objects;

/**
 * The {@code agent_command} table. Every change of state is one conditional UPDATE whose row count says
 * whether this caller made it: two replicas racing to hand out, finish or expire the same order both run
 * it, and exactly one sees a row changed.
 */
@Repository
public class CommandRepository {

    private static final String COLUMNS = "id, kind, node_guid, port_number, peer_guid, peer_port, executor_role, requested_by, reason, state,"
            + " agent_id, answer, created_at, expires_at, sent_at, finished_at";

    private final DatabaseClient db;

    public CommandRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<CommandRow> insert(CommandRow row) {
        DatabaseClient.GenericExecuteSpec insert = db.sql("INSERT INTO agent_command (kind, node_guid, port_number,"
                        + " peer_guid, peer_port, executor_role, requested_by, reason, state, created_at, expires_at)"
                        + " VALUES (:kind, :guid, :port, :peerGuid, :peerPort, :executor, :by, :reason, 'QUEUED',"
                        + " :created, :expires)")
                .bind("kind", row.kind().id())
                .bind("guid", row.nodeGuid())
                .bind("port", row.portNumber());
        insert = StateSql.bind(insert, "peerGuid", row.peerGuid(), String.class);
        insert = StateSql.bind(insert, "peerPort", row.peerGuid() == null ? null : row.peerPort(), Integer.class);
        return insert
                .bind("executor", row.executor().id())
                .bind("by", row.requestedBy())
                .bind("reason", row.reason())
                .bind("created", StateSql.stored(row.createdAt()))
                .bind("expires", StateSql.stored(row.expiresAt()))
                .filter(statement -> statement.returnGeneratedValues("id"))
                .map(StateSql::generatedId)
                .one()
                .map(row::withId);
    }

    Mono<CommandRow> find(long id) {
        return db.sql("SELECT " + COLUMNS + " FROM agent_command WHERE id = :id").bind("id", id)
                .map(CommandRepository::row).one();
    }

    /** Orders nobody has taken yet that are still in time, oldest first. */
    Flux<CommandRow> queued(Instant now) {
        return db.sql("SELECT " + COLUMNS + " FROM agent_command WHERE state = 'QUEUED' AND expires_at > :now"
                        + " ORDER BY id")
                .bind("now", StateSql.stored(now))
                .map(CommandRepository::row).all();
    }

    /** Orders queued or sent whose time is up. */
    Flux<CommandRow> overdue(Instant now) {
        return db.sql("SELECT " + COLUMNS + " FROM agent_command WHERE state IN ('QUEUED', 'SENT')"
                        + " AND expires_at <= :now ORDER BY id")
                .bind("now", StateSql.stored(now))
                .map(CommandRepository::row).all();
    }

    /** An order of this kind on this port that is queued or sent: a second request joins it. */
    Mono<CommandRow> open(CommandKind kind, String nodeGuid, int portNumber, Instant now) {
        return db.sql("SELECT " + COLUMNS + " FROM agent_command WHERE kind = :kind AND node_guid = :guid"
                        + " AND port_number = :port AND state IN ('QUEUED', 'SENT') AND expires_at > :now"
                        + " ORDER BY id" + StateSql.limit(1))
                .bind("kind", kind.id())
                .bind("guid", nodeGuid)
                .bind("port", portNumber)
                .bind("now", StateSql.stored(now))
                .map(CommandRepository::row).one();
    }

    /** The port's orders, newest first. */
    Flux<CommandRow> forPort(String nodeGuid, int portNumber, int limit) {
        return db.sql("SELECT " + COLUMNS + " FROM agent_command WHERE node_guid = :guid AND port_number = :port"
                        + " ORDER BY id DESC" + StateSql.limit(limit))
                .bind("guid", nodeGuid)
                .bind("port", portNumber)
                .map(CommandRepository::row).all();
    }

    /**
     * The port-state orders that were done or are being done (sent), oldest first: the latest one of a port says
     * how it was left, or is about to be.
     */
    Flux<CommandRow> stateChanges() {
        return db.sql("SELECT " + COLUMNS + " FROM agent_command WHERE state IN ('DONE', 'SENT') AND kind IN ('"
                        + CommandKind.PORT_DISABLE.id() + "', '" + CommandKind.PORT_ENABLE.id() + "', '"
                        + CommandKind.PORT_BOUNCE.id() + "') ORDER BY id")
                .map(CommandRepository::row).all();
    }

    /** Hands the order to {@code agentId}: true when this call did, false when another took it or it expired. */
    Mono<Boolean> take(long id, String agentId, Instant now) {
        return db.sql("UPDATE agent_command SET state = 'SENT', agent_id = :agent, sent_at = :now"
                        + " WHERE id = :id AND state = 'QUEUED' AND expires_at > :now")
                .bind("agent", agentId)
                .bind("now", StateSql.stored(now))
                .bind("id", id)
                .fetch().rowsUpdated().map(rows -> rows == 1);
    }

    /** Records the answer of the agent that took the order; false when it is not that agent's or already final. */
    Mono<Boolean> finish(long id, String agentId, CommandState state, String answer, Instant now) {
        return db.sql("UPDATE agent_command SET state = :state, answer = :answer, finished_at = :now"
                        + " WHERE id = :id AND agent_id = :agent AND state = 'SENT'")
                .bind("state", state.name())
                .bind("answer", answer)
                .bind("now", StateSql.stored(now))
                .bind("id", id)
                .bind("agent", agentId)
                .fetch().rowsUpdated().map(rows -> rows == 1);
    }

    /** Ends an overdue order; false when it was finished or expired meanwhile (by an answer, another replica). */
    Mono<Boolean> expire(CommandRow row, String answer, Instant now) {
        return db.sql("UPDATE agent_command SET state = 'EXPIRED', answer = :answer, finished_at = :now"
                        + " WHERE id = :id AND state = :state")
                .bind("answer", answer)
                .bind("now", StateSql.stored(now))
                .bind("id", row.id())
                .bind("state", row.state().name())
                .fetch().rowsUpdated().map(rows -> rows == 1);
    }

    private static CommandRow row(Readable row) {
        return new CommandRow(StateSql.required(row, "id", Long.class),
                CommandKind.of(StateSql.required(row, "kind", String.class)),
                StateSql.required(row, "node_guid", String.class),
                StateSql.required(row, "port_number", Integer.class),
                row.get("peer_guid", String.class),
                Objects.requireNonNullElse(row.get("peer_port", Integer.class), 0),
                AgentRole.of(StateSql.required(row, "executor_role", String.class)),
                StateSql.required(row, "requested_by", String.class),
                StateSql.required(row, "reason", String.class),
                CommandState.valueOf(StateSql.required(row, "state", String.class)),
                row.get("agent_id", String.class),
                row.get("answer", String.class),
                StateSql.required(row, "created_at", Instant.class),
                StateSql.required(row, "expires_at", Instant.class),
                row.get("sent_at", Instant.class),
                row.get("finished_at", Instant.class));
    }
}
