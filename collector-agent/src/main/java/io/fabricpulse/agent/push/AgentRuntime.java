package io.fabricpulse.agent.push;

import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.model.ingest.NodeReport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A whole agent at run time: source → collector → one delivery lane per server → servers, started and
 * stopped in the right order. Used by {@code fabricpulse-agent run}; usable in-process by anything that
 * wants an agent. Owns the source and the lanes' buffers and closes them.
 */
public final class AgentRuntime implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(AgentRuntime.class);

    private final PortSource source;
    private final DeliveryLanes lanes;
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
        this(source, List.of(new ServerLane(endpoint, buffer)), agentId, interval, policy, clock);
    }

    /** An agent that delivers every batch to every server, each with its own buffer. */
    public AgentRuntime(PortSource source, List<ServerLane> servers, String agentId, Duration interval,
                        RetryPolicy policy, Clock clock) {
        this(source, servers, agentId, interval, policy, clock, UnaryOperator.identity(), answer -> {
        });
    }

    /**
     * An agent that also takes orders from the servers: {@code batches} wraps the lanes (to see each batch on its
     * way), {@code answers} reads the body of every answer that delivered one, from any server (see
     * {@link IngestClient}; an order handed out twice is run once by its id).
     */
    public AgentRuntime(PortSource source, List<ServerLane> servers, String agentId, Duration interval,
                        RetryPolicy policy, Clock clock, UnaryOperator<BatchSink> batches, Consumer<byte[]> answers) {
        TickScheduler scheduler = TickScheduler.singleThread("fabricpulse-poll");
        this.source = source;
        this.lanes = new DeliveryLanes(servers, new BatchEncoder(), policy, clock, Waiter::realTime, answers);
        this.scheduler = scheduler;
        this.collector = new Collector(source, batches.apply(lanes), agentId, interval, clock.millis(), clock,
                scheduler);
    }

    /** Starts pushing and polling at every step until {@link #close()}. */
    public void start() {
        lanes.endpoints().forEach(endpoint -> log.info("pushing to {}", endpoint.ingestUri()));
        lanes.start();
        collector.start();
    }

    /**
     * Polls once, pushes the batch to every server (with retries up to the flush timeout) and stops.
     *
     * @return what each server's lane did: {@code delivered() == 1} on success
     */
    public List<PushStats> runOnce() {
        lanes.start();
        collector.pollNow();
        close();
        return lanes.stats();
    }

    /** Reports {@code nodes} in a batch of their own as soon as no poll runs ({@link Collector#reportNow}). */
    public void reportNow(Supplier<List<NodeReport>> nodes) {
        collector.reportNow(nodes);
    }

    /** Each server's lane, in the order given. */
    public List<PushStats> stats() {
        return lanes.stats();
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
        lanes.close();
        source.close();
    }
}
