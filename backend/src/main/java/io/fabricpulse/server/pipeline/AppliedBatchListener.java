package io.fabricpulse.server.pipeline;

import io.fabricpulse.model.ingest.IngestBatch;

/**
 * Told about every batch the pipeline has applied to the live fabric, on the pipeline's worker thread,
 * before the flush's stores are written: features that need the batch itself rather than the ports it
 * changed (the topology needs discovery markers and peers) hang off here. Must return quickly; a
 * throw is logged and changes nothing for the batch.
 */
@FunctionalInterface
public interface AppliedBatchListener {

    /**
     * @param judgedElsewhere another replica stored the batch first ({@code FabricUpdate#judgedElsewhere}): keep
     *                        the picture whole from it, but leave what it raises and records to that replica
     */
    void applied(IngestBatch batch, boolean judgedElsewhere);
}
