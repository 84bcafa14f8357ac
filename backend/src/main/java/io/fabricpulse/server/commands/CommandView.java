package io.fabricpulse.server.commands;

import java.time.Instant;

/** An order as the API shows it. */
public record CommandView(long id, String kind, String nodeGuid, int portNumber, String executor, String requestedBy,
                          String reason, String state, String agentId, String answer, Instant createdAt,
                          Instant expiresAt, Instant sentAt, Instant finishedAt) {

    public static CommandView of(CommandRow row) {
        return new CommandView(row.id(), row.kind().id(), row.nodeGuid(), row.portNumber(), row.executor().id(),
                row.requestedBy(), row.reason(), row.state().id(), row.agentId(), row.answer(), row.createdAt(),
                row.expiresAt(), row.sentAt(), row.finishedAt());
    }
}
