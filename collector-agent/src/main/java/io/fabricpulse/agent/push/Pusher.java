package io.fabricpulse.agent.push;

import io.fabricpulse.agent.logging.OnceLog;
import io.fabricpulse.model.ingest.IngestBatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.random.RandomGenerator;

/**
 * Sends batches to the server, oldest first, one push in flight at a time, on its own thread so a slow
 * or absent server never holds up polling. Batches wait in a {@link BatchBuffer}; the oldest is tried
 * until the server accepts it, refuses it for good (dropped, the server's reason logged), or it grows
 * older than {@link RetryPolicy#maxBatchAge()} (dropped and counted). Between failed attempts it backs
 * off exponentially with jitter, honouring Retry-After.
 * <p>
 * {@link #close()} flushes: waiting batches get one more attempt each until the flush timeout, the first
 * failure ends the flush (a server that is down stays down for the next few seconds), and what is
 * left is reported.
 */
public final class Pusher implements BatchSink, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Pusher.class);

    private final BatchTransport client;
    private final BatchEncoder encoder;
    private final BatchBuffer buffer;
    private final RetryPolicy policy;
    private final Clock clock;
    private final Waiter waiter;
    private final RandomGenerator random;
    private final OnceLog problems = new OnceLog(log);

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition work = lock.newCondition();
    private final Condition idle = lock.newCondition();
    /** Written under the lock, read by the sender between attempts. */
    private volatile boolean closing;
    private volatile Instant flushDeadline = Instant.MAX;
    private long delivered;
    private long rejected;
    private long expired;
    private long overflowed;
    private Thread sender;

    public Pusher(BatchTransport client, BatchEncoder encoder, BatchBuffer buffer, RetryPolicy policy, Clock clock,
                  Waiter waiter, RandomGenerator random) {
        this.client = client;
        this.encoder = encoder;
        this.buffer = buffer;
        this.policy = policy;
        this.clock = clock;
        this.waiter = waiter;
        this.random = random;
    }

    /** Starts the sending thread. */
    public void start() {
        start("fabricpulse-push");
    }

    /** Starts the sending thread under {@code threadName} (one per server the agent delivers to). */
    public void start(String threadName) {
        sender = Thread.ofPlatform().name(threadName).daemon(true).start(this::sendLoop);
    }

    /** Queues a batch for sending; never blocks on the network. */
    @Override
    public void accept(IngestBatch batch) {
        accept(encoder.encode(batch));
    }

    /** Queues a batch encoded once for several pushers ({@link DeliveryLanes}); never blocks on the network. */
    public void accept(EncodedBatch encoded) {
        lock.lock();
        try {
            if (closing) {
                log.warn("batch {} arrived after shutdown began; not sent", encoded.sequence());
                return;
            }
            List<Long> dropped = buffer.add(encoded);
            if (!dropped.isEmpty()) {
                overflowed += dropped.size();
                long total = overflowed;
                problems.warn("overflow", "full", () -> buffer.description() + " full (" + buffer.size()
                        + " batches waiting): dropped the oldest, batch " + dropped.getFirst()
                        + "; " + total + " dropped so far, later drops are logged at debug");
            }
            work.signalAll();
        } finally {
            lock.unlock();
        }
    }

    public PushStats stats() {
        lock.lock();
        try {
            return new PushStats(delivered, rejected, expired, overflowed, buffer.discarded(), buffer.size());
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until no batch waits or is in flight, at most {@code timeout}.
     *
     * @return true when idle, false on timeout
     */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        long nanos = timeout.toNanos();
        lock.lock();
        try {
            while (buffer.size() > 0) {
                if (nanos <= 0) {
                    return false;
                }
                nanos = idle.awaitNanos(nanos);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        close(policy.flushTimeout());
    }

    /** Stops accepting batches, sends what waits for at most {@code flushTimeout}, then stops. */
    public void close(Duration flushTimeout) {
        lock.lock();
        try {
            if (closing) {
                return;
            }
            closing = true;
            flushDeadline = clock.instant().plus(flushTimeout);
            work.signalAll();
        } finally {
            lock.unlock();
        }
        waiter.wakeUp();
        if (sender != null) {
            try {
                if (!sender.join(flushTimeout.plusSeconds(1))) {
                    // a push still hangs on the network: interrupting the HTTP call ends it
                    sender.interrupt();
                    sender.join(Duration.ofSeconds(1));
                }
            } catch (InterruptedException e) {
                sender.interrupt();
                Thread.currentThread().interrupt();
            }
        }
        PushStats stats = stats();
        if (stats.waiting() > 0 && buffer.persistent()) {
            log.info("stopped with {} batches not delivered; they stay in the {} and are sent first at the next start",
                    stats.waiting(), buffer.description());
        } else if (stats.waiting() > 0) {
            log.warn("stopped with {} batches not delivered", stats.waiting());
        }
        log.info("push stopped: {} delivered, {} rejected, {} expired, {} dropped on a full buffer, {} unreadable",
                stats.delivered(), stats.rejected(), stats.expired(), stats.overflowed(), stats.discarded());
    }

    private void sendLoop() {
        try {
            EncodedBatch batch;
            while ((batch = nextBatch()) != null && deliver(batch)) {
                // next one
            }
        } catch (InterruptedException e) {
            // close() gave up waiting for a hanging push; the batch stays counted as waiting
        }
    }

    /** The oldest waiting batch; waits for one; null once closing with nothing left. */
    private EncodedBatch nextBatch() throws InterruptedException {
        lock.lock();
        try {
            while (buffer.size() == 0 && !closing) {
                work.await();
            }
            return buffer.oldest();
        } finally {
            lock.unlock();
        }
    }

    /** Tries {@code batch} until it is settled; false when sending should stop (shutdown). */
    private boolean deliver(EncodedBatch batch) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            Instant now = clock.instant();
            if (closing) {
                if (now.isAfter(flushDeadline)) {
                    return false;
                }
            } else if (Duration.between(batch.collectedAt(), now).compareTo(policy.maxBatchAge()) > 0) {
                settle(batch, Outcome.EXPIRED);
                problems.warn("expired", "age", () -> "dropped batch " + batch.sequence() + " collected at "
                        + batch.collectedAt() + ": not delivered within " + policy.maxBatchAge());
                return true;
            }
            switch (client.send(batch)) {
                case PushResult.Delivered ignored -> {
                    settle(batch, Outcome.DELIVERED);
                    problems.clear("expired", () -> "batches are delivered in time again");
                    problems.clear("rejected", () -> "server accepts batches again");
                    problems.clear("push", () -> "server reachable again; batch " + batch.sequence() + " delivered");
                    return true;
                }
                case PushResult.Rejected rejection -> {
                    settle(batch, Outcome.REJECTED);
                    problems.warn("rejected", rejection.reason(), () -> "server refused batch " + batch.sequence()
                            + " (" + rejection.reason() + "); dropped it");
                    return true;
                }
                case PushResult.Retryable failure -> {
                    if (closing) {
                        log.warn("push of batch {} at shutdown failed ({}); not trying further", batch.sequence(),
                                failure.reason());
                        return false;
                    }
                    Duration wait = policy.delay(attempt, failure.retryAfter(), random);
                    // keyed by the kind of failure ("HTTP 503", "cannot connect to …"), not its varying details
                    problems.warn("push", failure.reason().split(": ", 2)[0], () -> "push of batch "
                            + batch.sequence() + " failed (" + failure.reason() + "); retrying in " + wait.toMillis()
                            + " ms, later failures of this kind are logged at debug until a push succeeds");
                    waiter.await(wait);
                }
            }
        }
    }

    private enum Outcome { DELIVERED, REJECTED, EXPIRED }

    private void settle(EncodedBatch batch, Outcome outcome) {
        lock.lock();
        try {
            boolean wasWaiting = buffer.remove(batch.sequence());
            switch (outcome) {
                case DELIVERED -> {
                    delivered++;
                    if (!wasWaiting) {
                        // dropped by an overflow while in flight, yet it arrived: not lost after all
                        overflowed--;
                    }
                }
                case REJECTED -> rejected += wasWaiting ? 1 : 0;
                case EXPIRED -> expired += wasWaiting ? 1 : 0;
            }
            if (buffer.size() == 0) {
                idle.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }
}
