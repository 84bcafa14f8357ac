package io.fabricpulse.server.commands;

import io.fabricpulse.model.command.AgentCommand;
import io.fabricpulse.model.command.CommandKind;
import io.fabricpulse.server.ingest.AgentRole;

import java.time.Instant;

/**
 * One order as the {@code agent_command} table has it.
 *
 * @param id           assigned by the database; 0 before the row is stored
 * @param kind         what to do
 * @param nodeGuid     the port's node, canonical GUID
 * @param portNumber   the port
 * @param peerGuid     the far end of its cable when the order was asked for, null when unknown
 * @param peerPort     that far end's port, 0 when unknown
 * @param executor     which kind of agent may take it: the host's own agent for an HCA port, a discover agent
 *                     for a switch port
 * @param requestedBy  who asked (a user, {@code token:<name>#<id>})
 * @param reason       why they asked
 * @param state        where it stands
 * @param agentId      the agent that took it; null while queued, or when it expired unsent
 * @param answer       the agent's answer, or why it expired; null before
 * @param createdAt    when it was asked for
 * @param expiresAt    after this, nobody may take it and an agent refuses it
 * @param sentAt       when an agent took it
 * @param finishedAt   when it was done, failed or expired
 */
public record CommandRow(long id, CommandKind kind, String nodeGuid, int portNumber, String peerGuid, int peerPort,
                         AgentRole executor,
                         String requestedBy, String reason, CommandState state, String agentId, String answer,
                         Instant createdAt, Instant expiresAt, Instant sentAt, Instant finishedAt) {

    static final int MAX_REASON = 500;
    static final int MAX_ANSWER = 1000;

    /** A new order, not stored yet. */
    static CommandRow queued(CommandKind kind, String nodeGuid, int portNumber, String peerGuid, int peerPort,
                             AgentRole executor, String requestedBy, String reason, Instant now, Instant expiresAt) {
        return new CommandRow(0, kind, nodeGuid, portNumber, peerGuid, peerPort, executor, requestedBy, reason, CommandState.QUEUED, null,
                null, now, expiresAt, null, null);
    }

    CommandRow withId(long newId) {
        return new CommandRow(newId, kind, nodeGuid, portNumber, peerGuid, peerPort, executor, requestedBy, reason, state, agentId, answer,
                createdAt, expiresAt, sentAt, finishedAt);
    }

    /** The same row, taken by {@code agent} at {@code at}. */
    CommandRow sent(String agent, Instant at) {
        return new CommandRow(id, kind, nodeGuid, portNumber, peerGuid, peerPort, executor, requestedBy, reason,
                CommandState.SENT, agent, answer, createdAt, expiresAt, at, finishedAt);
    }

    /** The same row, finished now as {@code newState} by {@code agent} with {@code newAnswer}. */
    CommandRow finished(CommandState newState, String agent, String newAnswer, Instant at) {
        return new CommandRow(id, kind, nodeGuid, portNumber, peerGuid, peerPort, executor, requestedBy, reason,
                newState, agent, newAnswer, createdAt, expiresAt, sentAt, at);
    }

    /** What the agent receives. */
    AgentCommand toWire() {
        return new AgentCommand(id, kind, nodeGuid, portNumber, expiresAt);
    }

    /** The audit log's target for it: the port. */
    String target() {
        return "port:" + nodeGuid + "/" + portNumber;
    }
}
