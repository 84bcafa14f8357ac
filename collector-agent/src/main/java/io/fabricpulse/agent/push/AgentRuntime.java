package io.fabricpulse.agent.push;

import io.fabricpulse.agent.source.PortSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.time.Clock;
import java.time.Duration;

/**
 * A whole agent at run time: source → collector → pusher → server, started and stopped in the right
 * order. Used by {@code fabricpulse-agent run}; usable in-process by anything that wants an agent.
 * Owns the source and the buffer and closes them.
 */
public final class AgentRuntime implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(AgentRuntime.class);

    private final PortSource source;
    private final BatchBuffer buffer;
    private final IngestClient client;
    private final Pusher pusher;
    private final TickScheduler scheduler;
    private final Collector collector;
    private boolean closed;

    /** An agent whose batches wait in memory. */
    public AgentRuntime(PortSource source, IngestEndpoint endpoint, String agentId, Duration interval, Clock clock) {
        this(source, endpoint, agentId, interval, RetryPolicy.DEFAULT,
                new MemoryBatchBuffer(MemoryBatchBuffer.DEFAULT_CAPACITY), clock);
    }

    /** An agent whose batches wait in {@code buffer} (a disk spool, say), retried as {@code policy} says. */
    public AgentRuntime(PortSource source, IngestEndpoint endpoint, String agentId, Duration interval,
                        RetryPolicy policy, BatchBuffer buffer, Clock clock) {
        this(source, endpoint, agentId, interval, policy, buffer, clock,
                TickScheduler.singleThread("fabricpulse-poll"), Waiter.realTime());
    }

    public AgentRuntime(PortSource source, IngestEndpoint endpoint, String agentId, Duration interval,
                        RetryPolicy policy, BatchBuffer buffer, Clock clock, TickScheduler scheduler, Waiter waiter) {
        this(source, endpoint, agentId, interval, policy, buffer, clock, scheduler, waiter, UnaryOperator.identity(),
                answer -> {
                });
    }

    /**
     * An agent that also takes orders from the server: {@code batches} wraps the pusher (to see each batch on its
     * way), {@code answers} reads the body of every answer that delivered one (see {@link IngestClient}).
     */
    public AgentRuntime(PortSource source, IngestEndpoint endpoint, String agentId, Duration interval,
                        RetryPolicy policy, BatchBuffer buffer, Clock clock, UnaryOperator<BatchSink> batches,
                        Consumer<byte[]> answers) {
        this(source, endpoint, agentId, interval, policy, buffer, clock, TickScheduler.singleThread("fabricpulse-poll"),
                Waiter.realTime(), batches, answers);
    }

    private AgentRuntime(PortSource source, IngestEndpoint endpoint, String agentId, Duration interval,
                         RetryPolicy policy, BatchBuffer buffer, Clock clock, TickScheduler scheduler, Waiter waiter,
                         UnaryOperator<BatchSink> batches, Consumer<byte[]> answers) {
        this.source = source;
        this.buffer = buffer;
        this.client = new IngestClient(endpoint, clock, answers);
        this.pusher = new Pusher(client, new BatchEncoder(), buffer, policy, clock, waiter, new SplittableRandom());
        this.scheduler = scheduler;
        this.collector = new Collector(source, batches.apply(pusher), agentId, interval, clock.millis(), clock,
                scheduler);
    }

    /** Starts pushing and polling at every step until {@link #close()}. */
    public void start() {
        log.info("pushing to {}", client.endpoint().ingestUri());
        pusher.start();
        collector.start();
    }

    /**
     * Polls once, pushes the batch (with retries up to the flush timeout) and stops.
     *
     * @return what the pusher did: {@code delivered() == 1} on success
     */
    public PushStats runOnce() {
        pusher.start();
        collector.pollNow();
        close();
        return pusher.stats();
    }

    public PushStats stats() {
        return pusher.stats();
    }

    /** Stops polling, flushes waiting batches (bounded by the flush timeout), releases the source. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        collector.close();
        scheduler.close();
        pusher.close();
        buffer.close();
        client.close();
        source.close();
    }
}
