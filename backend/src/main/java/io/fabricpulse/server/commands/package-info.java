/**
 * Orders from people to agents (issue 22): a request on a port becomes an {@code agent_command} row; the
 * agent that can execute it takes it in the answer to its next push ({@link io.fabricpulse.server.ingest.AgentOrders}),
 * exactly once whichever replica it pushes to (the state store's conditional UPDATE decides), and answers on
 * {@code POST /api/v1/ingest/commands/{id}}. A requested clear lands in the counter-clear history with who, why
 * and the counters before; every request and answer lands in the audit log.
 */
package io.fabricpulse.server.commands;
