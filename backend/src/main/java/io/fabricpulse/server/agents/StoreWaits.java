package io.fabricpulse.server.agents;

import io.fabricpulse.server.ingest.IngestUnavailableException;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * How many admissions wait for the state store (a new agent's row, a new node's claim), and the refusal at the door
 * while too many do. The first pushes of a large fabric's agents all claim their nodes at once (600,000 loadgen ports:
 * 100 agents, ~1,500 nodes each, in the first second): H2 runs those statements on the event loops, which then
 * answered nothing else, and four pushes got no answer within their agents' 15 s. Now a push that comes while
 * {@code limit} admissions wait is answered 503 before its body is read, and comes back in a second, when the
 * claims before it are done (their owners are then known without the store).
 */
final class StoreWaits {

    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final int limit;
    private final AtomicInteger waiting = new AtomicInteger();

    StoreWaits(int limit) {
        this.limit = limit;
    }

    /** Runs {@code step}, counted as waiting for the store until what it returns completes. */
    <T> CompletableFuture<T> track(Supplier<CompletableFuture<T>> step) {
        waiting.incrementAndGet();
        CompletableFuture<T> result;
        try {
            result = step.get();
        } catch (RuntimeException fault) {
            waiting.decrementAndGet();
            throw fault;
        }
        return result.whenComplete((value, fault) -> waiting.decrementAndGet());
    }

    /** The refusal for a push that comes now, empty while fewer than the limit wait. */
    Optional<IngestUnavailableException> busy() {
        int now = waiting.get();
        return now < limit ? Optional.empty() : Optional.of(new IngestUnavailableException(now + " pushes wait for the "
                + "state store to admit their agents or new nodes; send the batch again later", RETRY_AFTER));
    }
}
