package io.fabricpulse.model.command;

import java.time.Instant;

/**
 * One order to an agent, as it travels in the ingest answer's {@code commands}.
 *
 * @param id         the server's id of the order; the agent executes each id at most once
 * @param kind       what to do
 * @param nodeGuid   the port's node, canonical GUID
 * @param portNumber the port
 * @param expiresAt  the agent refuses the order after this instant (a late delivery must not act)
 */
public record AgentCommand(long id, CommandKind kind, String nodeGuid, int portNumber, Instant expiresAt) {
}
