package io.fabricpulse.agent.push;

import io.fabricpulse.model.ingest.IngestBatch;

/** Where the collector hands each batch. Must not block the poll loop. */
@FunctionalInterface
public interface BatchSink {

    void accept(IngestBatch batch);
}
