package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.IngestBatch;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one way into the server for agent data, over HTTP or in-process (the demo agent): validate the
 * whole batch, drop replays, hand the rest to the {@link BatchSink}. A batch is all or nothing: one
 * invalid value anywhere and none of it is applied.
 */
public class IngestService {

    private final BatchValidator validator;
    private final SeenBatches seen;
    private final BatchSink sink;
    /**
     * Batches handed to the sink and not answered yet. A replay arriving meanwhile (an agent retrying
     * after a timeout) gets the original's answer when it comes: answering "duplicate" at once would
     * let the agent drop a batch that may still fail.
     */
    private final Map<BatchId, CompletableFuture<IngestAck>> inFlight = new ConcurrentHashMap<>();

    private record BatchId(String agentId, long sequence, Instant collectedAt) {
    }

    public IngestService(BatchValidator validator, SeenBatches seen, BatchSink sink) {
        this.validator = validator;
        this.seen = seen;
        this.sink = sink;
    }

    /**
     * @return completes with {@code accepted} once the batch is durably handed off, {@code duplicate} for
     * a replay of a batch handed off before; fails with {@link IngestUnavailableException} when the server
     * cannot take it now
     * @throws InvalidBatchException when anything in the batch is invalid; nothing was applied
     */
    public CompletableFuture<IngestAck> ingest(IngestBatch batch) {
        validator.check(batch);
        int ports = batch.nodes().stream().mapToInt(node -> node.ports().size()).sum();
        BatchId id = new BatchId(batch.agentId(), batch.sequence(), batch.collectedAt());
        IngestAck duplicate = new IngestAck(IngestAck.Status.DUPLICATE, batch.agentId(), batch.sequence(), ports);
        CompletableFuture<IngestAck> answer = new CompletableFuture<>();
        CompletableFuture<IngestAck> original = inFlight.putIfAbsent(id, answer);
        if (original != null) {
            return original.thenApply(ack -> duplicate);
        }
        if (!seen.claim(batch.agentId(), batch.sequence(), batch.collectedAt())) {
            inFlight.remove(id, answer);
            return CompletableFuture.completedFuture(duplicate);
        }
        CompletableFuture<BatchSink.Outcome> outcome;
        try {
            outcome = sink.accept(batch);
        } catch (RuntimeException | Error fault) {
            outcome = CompletableFuture.failedFuture(fault);
        }
        outcome.whenComplete((result, fault) -> {
            inFlight.remove(id);
            if (fault != null) {
                // Not stored: a retry of the same batch must not be mistaken for a replay.
                seen.release(batch.agentId(), batch.sequence(), batch.collectedAt());
                answer.completeExceptionally(fault instanceof CompletionException wrapped && wrapped.getCause() != null
                        ? wrapped.getCause() : fault);
            } else {
                answer.complete(result == BatchSink.Outcome.APPLIED
                        ? new IngestAck(IngestAck.Status.ACCEPTED, batch.agentId(), batch.sequence(), ports)
                        : duplicate);
            }
        });
        return answer;
    }
}
