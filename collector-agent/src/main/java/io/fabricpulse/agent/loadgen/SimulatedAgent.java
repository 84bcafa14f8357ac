package io.fabricpulse.agent.loadgen;

import io.fabricpulse.agent.push.BatchEncoder;
import io.fabricpulse.agent.push.BatchSink;
import io.fabricpulse.agent.push.BatchTransport;
import io.fabricpulse.agent.push.Collector;
import io.fabricpulse.agent.push.EncodedBatch;
import io.fabricpulse.agent.push.MemoryBatchBuffer;
import io.fabricpulse.agent.push.PushResult;
import io.fabricpulse.agent.push.PushStats;
import io.fabricpulse.agent.push.Pusher;
import io.fabricpulse.agent.push.RetryPolicy;
import io.fabricpulse.agent.push.TickScheduler;
import io.fabricpulse.agent.push.Waiter;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.model.ingest.IngestBatch;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * One simulated agent: the real agent's poll loop ({@link Collector}: step-aligned at an offset derived from
 * its id) and pusher ({@link Pusher}: one push in flight, retries with backoff honouring Retry-After) over its
 * share of the fabric. It sits between the two on both sides: as the collector's sink it notes each batch's
 * port count, as the pusher's transport it times each attempt and records its outcome.
 */
final class SimulatedAgent implements BatchSink, BatchTransport {

    /**
     * Batches that may wait per agent: as many as a real agent's in-memory buffer holds, so a server that
     * falls behind for a while (a fresh server's first seconds) loses what a real agent would lose, no
     * more. Encoded batches: ~200 MB for 100 agents of 200 ports when every buffer is full.
     */
    static final int BUFFER_BATCHES = MemoryBatchBuffer.DEFAULT_CAPACITY;

    private final BatchTransport transport;
    private final LoadStats stats;
    private final LongSupplier nanoTime;
    private final Map<Long, Integer> portsBySequence = new ConcurrentHashMap<>();
    private final Pusher pusher;
    private final Collector collector;

    SimulatedAgent(String agentId, PortSource share, BatchTransport transport, BatchEncoder encoder, LoadStats stats,
                   Duration interval, Clock clock, TickScheduler scheduler, LongSupplier nanoTime) {
        this.transport = transport;
        this.stats = stats;
        this.nanoTime = nanoTime;
        this.pusher = new Pusher(this, encoder, new MemoryBatchBuffer(BUFFER_BATCHES), RetryPolicy.DEFAULT, clock,
                Waiter.realTime(), new SplittableRandom(agentId.hashCode()));
        this.collector = new Collector(share, this, agentId, interval, clock.millis(), clock, scheduler);
    }

    void start() {
        pusher.start();
        collector.start();
    }

    /** Stops polling; a poll in progress finishes and its batch is queued. */
    void stopPolling() {
        collector.close();
    }

    /** Waits until no batch waits or is in flight, at most {@code timeout}. */
    void awaitIdle(Duration timeout) throws InterruptedException {
        pusher.awaitIdle(timeout);
    }

    /** One last attempt per waiting batch for at most {@code flushTimeout} (the first failure ends it), then stops. */
    PushStats stopPushing(Duration flushTimeout) {
        pusher.close(flushTimeout);
        return pusher.stats();
    }

    @Override
    public void accept(IngestBatch batch) {
        int ports = batch.portCount();
        portsBySequence.put(batch.sequence(), ports);
        stats.polled(ports);
        pusher.accept(batch);
    }

    @Override
    public PushResult send(EncodedBatch batch) throws InterruptedException {
        long started = nanoTime.getAsLong();
        PushResult result = transport.send(batch);
        long took = nanoTime.getAsLong() - started;
        switch (result) {
            case PushResult.Delivered delivered -> {
                Integer ports = portsBySequence.remove(batch.sequence());
                stats.delivered(delivered.status(), ports == null ? 0 : ports, took);
            }
            case PushResult.Rejected rejected -> {
                portsBySequence.remove(batch.sequence());
                stats.failed(rejected.status(), took);
            }
            case PushResult.Retryable retryable -> stats.failed(retryable.status(), took);
        }
        return result;
    }
}
