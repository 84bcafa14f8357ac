package io.fabricpulse.server.ingest;

import io.fabricpulse.agent.report.IngestBatch;

/**
 * The one way into the server for agent data, over HTTP or in-process (the demo agent): validate the
 * whole batch, drop replays, hand the rest to the {@link BatchSink}. A batch is all or nothing: one
 * invalid value anywhere and none of it is applied.
 */
public class IngestService {

    private final BatchValidator validator;
    private final SeenBatches seen;
    private final BatchSink sink;

    public IngestService(BatchValidator validator, SeenBatches seen, BatchSink sink) {
        this.validator = validator;
        this.seen = seen;
        this.sink = sink;
    }

    /**
     * @return {@code accepted} when applied now, {@code duplicate} for a replay of a batch applied before
     * @throws InvalidBatchException when anything in the batch is invalid; nothing was applied
     */
    public IngestAck ingest(IngestBatch batch) {
        validator.check(batch);
        int ports = batch.nodes().stream().mapToInt(node -> node.ports().size()).sum();
        if (!seen.claim(batch.agentId(), batch.sequence(), batch.collectedAt())) {
            return new IngestAck(IngestAck.Status.DUPLICATE, batch.agentId(), batch.sequence(), ports);
        }
        try {
            sink.accept(batch);
        } catch (RuntimeException | Error fault) {
            // Not applied: a retry of the same batch must not be mistaken for a replay.
            seen.release(batch.agentId(), batch.sequence(), batch.collectedAt());
            throw fault;
        }
        return new IngestAck(IngestAck.Status.ACCEPTED, batch.agentId(), batch.sequence(), ports);
    }
}
