package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.WireFormat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one way into the server for agent data, over HTTP or in-process (the demo agent): validate the
 * whole batch, ask the {@link BatchAdmission} whether its credential may report it, drop replays, hand
 * the rest to the {@link BatchSink}. A batch is all or nothing: one invalid value anywhere, one node that
 * is not the agent's, and none of it is applied.
 *
 * <p>A batch dated ahead of the server's clock by more than {@code ahead-tolerance} (and within
 * {@code max-clock-skew}) is timed at its arrival before it is applied: otherwise it would become its ports'
 * latest sample and every real sample collected before that future time would be ignored as older, hiding
 * what it carries. Up to the tolerance it keeps the agent's time: whole replicas receive the same batch at
 * slightly different moments (and their clocks may differ by a second or two), and timing it at each one's
 * arrival would give each replica a sample time of its own.
 */
public class IngestService {

    /**
     * The longest body that may be let in as a small push while only large ones are refused: a small batch in any
     * format takes less (a port sample is well under 1 KiB of plain JSON). Only a hint: once parsed, the batch is judged
     * by its port samples, and a compressed body that holds more is refused then, having cost a small body's reading.
     */
    static final long SMALL_PUSH_BYTES = BatchSink.SMALL_BATCH_PORTS * 1024L;

    private final BatchValidator validator;
    private final BatchAdmission admission;
    private final SeenBatches seen;
    private final BatchSink sink;
    private final Clock clock;
    private final Duration aheadTolerance;
    private final Arrivals arrivals;
    /**
     * Batches handed to the sink and not answered yet. A replay arriving meanwhile (an agent retrying
     * after a timeout) gets the original's answer when it comes: answering "duplicate" at once would
     * let the agent drop a batch that may still fail.
     */
    private final Map<BatchId, CompletableFuture<IngestAck>> inFlight = new ConcurrentHashMap<>();

    private record BatchId(String agentId, long sequence, Instant collectedAt) {
    }

    /** A service that times every batch dated ahead of its clock at the batch's arrival. */
    public IngestService(BatchValidator validator, BatchAdmission admission, SeenBatches seen, BatchSink sink,
                         Clock clock) {
        this(validator, admission, seen, sink, clock, Duration.ZERO);
    }

    /** @param aheadTolerance how far ahead of this server's clock a batch may be dated and keep its time */
    public IngestService(BatchValidator validator, BatchAdmission admission, SeenBatches seen, BatchSink sink,
                         Clock clock, Duration aheadTolerance) {
        this(validator, admission, seen, sink, clock, aheadTolerance, Arrivals.forThisMachine());
    }

    IngestService(BatchValidator validator, BatchAdmission admission, SeenBatches seen, BatchSink sink,
                  Clock clock, Duration aheadTolerance, Arrivals arrivals) {
        this.arrivals = arrivals;
        this.aheadTolerance = aheadTolerance;
        this.validator = validator;
        this.admission = admission;
        this.seen = seen;
        this.sink = sink;
        this.clock = clock;
    }

    /**
     * @return completes with {@code accepted} once the batch is durably handed off, {@code duplicate} for
     * a replay of a batch handed off before; fails with {@link IngestUnavailableException} when the server
     * cannot take it now, with {@link AgentRefusedException} when the credential may not report it
     * @throws InvalidBatchException when anything in the batch is invalid; nothing was applied
     */
    public CompletableFuture<IngestAck> ingest(IngestBatch batch, AgentCredential credential) {
        return ingest(batch, credential, arrivals.arriveInProcess());
    }

    /**
     * As {@link #ingest(IngestBatch, AgentCredential)} for a push already counted on its way in
     * ({@link #arrive(int, WireFormat)}): from its validation on, by its port samples, until the pipeline queued or
     * refused it.
     */
    CompletableFuture<IngestAck> ingest(IngestBatch batch, AgentCredential credential, Arrivals.Arrival arrival) {
        CompletableFuture<Void> admitted;
        try {
            validator.check(batch);
            arrival.parsed(batch.portCount());
            admitted = admission.admit(batch, credential);
        } catch (RuntimeException refused) {
            arrival.close();
            throw refused;
        }
        return admitted.thenCompose(ignored -> {
            try {
                return handOff(batch);
            } finally {
                arrival.close(); // queued (counted there from now on) or refused
            }
        }).whenComplete((ack, refused) -> arrival.close()); // refused by the admission (closing again does nothing)
    }

    /**
     * The refusal a push would get now, before anything of it is read: the pipeline is behind, or as many pushes as
     * the server lets in at once are being parsed and admitted.
     *
     * @param bodyBytes the push's declared length on the wire, negative when it declares none; a body of at most
     *                  {@link #SMALL_PUSH_BYTES} may hold a small batch ({@link BatchSink#SMALL_BATCH_PORTS})
     */
    public Optional<IngestUnavailableException> busy(long bodyBytes) {
        boolean small = bodyBytes >= 0 && bodyBytes <= SMALL_PUSH_BYTES;
        return sink.busy(arrivals.portsOnTheirWay(), arrivals.lead(), small).or(arrivals::busy);
    }

    /**
     * A push whose body is in ({@code bytes} of {@code format}): counted until its batch is handed to the pipeline or
     * refused ({@link Arrivals}).
     */
    Arrivals.Arrival arrive(int bytes, WireFormat format) {
        return arrivals.arrive(bytes, format);
    }

    private CompletableFuture<IngestAck> handOff(IngestBatch batch) {
        int ports = batch.portCount();
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
            outcome = sink.accept(timedNoLaterThanNow(batch));
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

    /** The batch, timed at the server's clock when it is dated further ahead of it than the tolerance. */
    private IngestBatch timedNoLaterThanNow(IngestBatch batch) {
        Instant now = clock.instant();
        if (!batch.collectedAt().isAfter(now.plus(aheadTolerance))) {
            return batch;
        }
        return new IngestBatch(batch.schemaVersion(), batch.agentId(), batch.sequence(), now, batch.source(),
                batch.nodes(), batch.discovery());
    }

    /** Forgets what is remembered of an agent to recognise its replays (it was revoked or went away). */
    public void forget(String agentId) {
        seen.forget(agentId);
    }
}
