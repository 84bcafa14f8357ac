/**
 * Orders from the server to an agent and the agent's answers. An order rides back to the agent in the
 * answer to its own push ({@code POST /api/v1/ingest}), so the agent needs no inbound port; the agent
 * answers on the same path ({@code POST /api/v1/ingest/commands/{id}}). Both sides share these records.
 */
package io.fabricpulse.model.command;
