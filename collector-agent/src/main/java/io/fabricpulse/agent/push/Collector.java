package io.fabricpulse.agent.push;

import io.fabricpulse.agent.logging.OnceLog;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.source.SourceException;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The poll loop: reads the source once per interval, step-aligned with a per-agent offset (see
 * {@link Steps}), builds an {@link IngestBatch} and hands it to a {@link BatchSink}. Polls never overlap
 * (the next one is scheduled when the current one is done; a poll that overruns skips the steps it
 * missed), and nothing a source does stops the loop: after a failure it logs once and backs off by
 * skipping steps, doubling up to {@link #MAX_FAILURE_BACKOFF}.
 */
public final class Collector implements AutoCloseable {

    static final Duration MAX_FAILURE_BACKOFF = Duration.ofMinutes(5);

    private static final Logger log = LoggerFactory.getLogger(Collector.class);

    private final PortSource source;
    private final BatchSink sink;
    private final String agentId;
    private final Duration interval;
    private final Duration offset;
    private final Clock clock;
    private final TickScheduler scheduler;
    private final OnceLog problems = new OnceLog(log);

    /** Held for a whole poll, so close() waits for a running one and polls cannot overlap. */
    private final ReentrantLock lock = new ReentrantLock();
    private long sequence;
    private int consecutiveFailures;
    private Instant lastStep = Instant.MIN;
    private TickScheduler.Scheduled next;
    private boolean closed;

    /**
     * @param firstSequence the sequence number before the first batch. Pass the start time in epoch
     *                      milliseconds: with at most one batch per second it stays ahead of every
     *                      sequence an earlier run of the same agent used, so (agent id, sequence) stays
     *                      unique across restarts without a file to remember it in.
     */
    public Collector(PortSource source, BatchSink sink, String agentId, Duration interval, long firstSequence,
                     Clock clock, TickScheduler scheduler) {
        if (interval.toMillis() < 1) {
            throw new IllegalArgumentException("interval must be at least 1 ms");
        }
        this.source = source;
        this.sink = sink;
        this.agentId = agentId;
        this.interval = interval;
        this.offset = Steps.offset(agentId, interval);
        this.clock = clock;
        this.scheduler = scheduler;
        this.sequence = firstSequence;
    }

    /** Schedules the first poll at the next step. */
    public void start() {
        lock.lock();
        try {
            log.info("polling {} every {} ms at offset {} ms within the interval, as agent '{}'",
                    source.name(), interval.toMillis(), offset.toMillis(), agentId);
            scheduleNext();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Polls once, now, and hands the batch over.
     *
     * @return false when the source read nothing (the reason is logged)
     */
    public boolean pollNow() {
        lock.lock();
        try {
            return !closed && pollAndHandOver();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Reads {@code nodes} on the poll thread as soon as no poll runs, and hands them over in a batch of their own
     * (no walk, no SM answers), between the steps: for what must reach the server before the next poll (switches
     * a discover agent has just been given). The schedule of polls stays as it was.
     */
    public void reportNow(Supplier<List<NodeReport>> nodes) {
        try {
            scheduler.schedule(() -> {
                lock.lock();
                try {
                    if (closed) {
                        return;
                    }
                    Instant startedAt = clock.instant();
                    List<NodeReport> read = nodes.get();
                    if (!read.isEmpty()) {
                        sink.accept(new IngestBatch(IngestBatch.SCHEMA_VERSION, agentId, ++sequence, startedAt,
                                source.name(), printable(read), null, null));
                    }
                } catch (RuntimeException e) {
                    log.warn("an extra report between polls failed: {}", e.toString());
                } finally {
                    lock.unlock();
                }
            }, Duration.ZERO);
        } catch (RejectedExecutionException e) {
            // stopping
        }
    }

    /**
     * The nodes with every text the server would refuse made printable ({@link NodeText#printable}): one
     * device with a stray control character in its NodeDescription must not cost its host every batch.
     */
    static List<NodeReport> printable(List<NodeReport> nodes) {
        List<NodeReport> clean = null;
        for (int i = 0; i < nodes.size(); i++) {
            NodeReport node = nodes.get(i);
            String description = NodeText.printable(node.description());
            String hcaType = NodeText.printable(node.hcaType());
            String firmware = NodeText.printable(node.firmware());
            String boardId = NodeText.printable(node.boardId());
            boolean changed = description != node.description() || hcaType != node.hcaType()
                    || firmware != node.firmware() || boardId != node.boardId();
            if (changed && clean == null) {
                clean = new ArrayList<>(nodes);
            }
            if (changed) {
                clean.set(i, new NodeReport(node.guid(), node.systemImageGuid(), node.type(), description, hcaType,
                        firmware, boardId, node.ports()));
            }
        }
        return clean == null ? nodes : List.copyOf(clean);
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            if (next != null) {
                next.cancel();
            }
        } finally {
            lock.unlock();
        }
    }

    private void tick() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            pollAndHandOver();
            scheduleNext();
        } finally {
            lock.unlock();
        }
    }

    private boolean pollAndHandOver() {
        Instant startedAt = clock.instant();
        List<NodeReport> nodes;
        try {
            nodes = source.poll();
        } catch (SourceException e) {
            consecutiveFailures++;
            problems.warn("poll", e.getMessage(), () -> source.name() + " read nothing: " + e.getMessage()
                    + "; retrying with backoff, repeats logged at debug");
            return false;
        } catch (RuntimeException e) {
            // a bug in a source; the agent keeps running, and the first one gets its stack trace
            consecutiveFailures++;
            if (problems.warn("poll", "bug:" + e.getClass().getName(), () -> source.name()
                    + " poll failed unexpectedly: " + e + "; retrying with backoff")) {
                log.warn("stack trace of the unexpected {} poll failure", source.name(), e);
            }
            return false;
        }
        if (consecutiveFailures > 0) {
            int failures = consecutiveFailures;
            problems.clear("poll", () -> source.name() + " reads again after " + failures + " failed polls");
            consecutiveFailures = 0;
        }
        IngestBatch batch = new IngestBatch(IngestBatch.SCHEMA_VERSION, agentId, ++sequence, startedAt,
                source.name(), printable(nodes), source.discovery(), source.subnetManagers());
        try {
            sink.accept(batch);
        } catch (RuntimeException e) {
            log.error("could not queue batch {} for pushing: {}", batch.sequence(), e.toString());
        }
        return true;
    }

    /** The next step after now (and after the last one), later by the failure backoff. */
    private void scheduleNext() {
        Instant now = clock.instant();
        Instant earliest = (now.isAfter(lastStep) ? now : lastStep).plus(failureBackoff());
        Instant step = Steps.nextAfter(earliest, interval, offset);
        lastStep = step;
        next = scheduler.schedule(this::tick, Duration.between(now, step));
    }

    /** Zero while polls succeed; after n failures in a row, 2^(n-1) - 1 intervals are skipped, at most 5 minutes. */
    private Duration failureBackoff() {
        if (consecutiveFailures == 0) {
            return Duration.ZERO;
        }
        long skipped = (1L << Math.min(consecutiveFailures - 1, 20)) - 1;
        Duration backoff = interval.multipliedBy(skipped);
        return backoff.compareTo(MAX_FAILURE_BACKOFF) > 0 ? MAX_FAILURE_BACKOFF : backoff;
    }
}
