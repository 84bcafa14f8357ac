/**
 * The way in for agent data: {@code POST /api/v1/ingest} and the in-process {@link
 * io.fabricpulse.server.ingest.IngestService}.
 *
 * <p>Path of one request: the security chain checks the agent's bearer token; {@link
 * io.fabricpulse.server.ingest.IngestBodyReader} checks content type, encoding and size and inflates
 * gzip within a limit; {@link io.fabricpulse.server.ingest.BatchReader} binds the JSON or Smile strictly;
 * {@link io.fabricpulse.server.ingest.BatchValidator} checks the whole batch; {@link
 * io.fabricpulse.server.ingest.SeenBatches} drops replays (agent id + sequence); the {@link
 * io.fabricpulse.server.ingest.BatchSink} takes the rest. Any refusal is a 4xx problem detail and
 * changes nothing: a batch is applied whole or not at all.
 *
 * <p>Wire format notes: every field of the records is known (unknown fields are refused, so a typo
 * is not silently dropped); numbers that are primitives in the records are required; counter values
 * are non-negative JSON integers up to 2^64-1 (64-bit extended counters above 2^63-1 are written as
 * the unsigned decimal, never as a negative number).
 */
package io.fabricpulse.server.ingest;
