/**
 * The agents' long-poll ({@code GET /api/v1/ingest/answers/{agentId}}): orders and sweep shards reach an agent as
 * soon as they exist instead of in the answer to its next push, and an agent whose poll closes under it (its process
 * ended) is known to have gone within a second. No inbound port on the agent: it opens the connection.
 */
package io.fabricpulse.server.ingest.poll;
