package io.fabricpulse.server.ingest;

import io.fabricpulse.agent.report.IngestBatch;

/**
 * Where a validated, first-seen batch goes: the seam between ingest and the rest of the server.
 * Today the batch is applied to the live fabric in the caller's thread, so an acknowledgement means
 * "applied"; the durable pipeline (series store, bounded queue with backpressure) plugs in here.
 *
 * <p>Implementations receive only batches that passed {@link BatchValidator}; a throw means a server
 * fault, not bad input.
 */
@FunctionalInterface
public interface BatchSink {

    void accept(IngestBatch batch);
}
