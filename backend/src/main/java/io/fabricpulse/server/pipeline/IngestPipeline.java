package io.fabricpulse.server.pipeline;

import io.fabricpulse.agent.report.IngestBatch;
import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.ingest.BatchSink;
import io.fabricpulse.server.ingest.IngestUnavailableException;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.state.resume.ResumeRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The ingest pipeline behind {@link BatchSink}: a bounded queue in front of one worker thread that
 * groups what has queued (up to {@link PipelineProperties#maxPortsPerFlush()} port samples) into one
 * {@link HandOff flush}. Callers never block: {@link #accept} queues and returns an answer that
 * completes after the flush stored the batch; a full queue answers at once with
 * {@link IngestUnavailableException} (503 with {@code Retry-After}). Grouping is what makes the
 * stores keep up: one series write and one state transaction per flush, not per batch, and the more
 * that queues while a flush runs, the larger the next.
 *
 * <p>One worker keeps batches of one agent in order and makes the live fabric's per-port updates
 * uncontended; the expensive parts (rrd files, SQL) are per flush, not per batch.
 */
public final class IngestPipeline implements BatchSink, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(IngestPipeline.class);
    /** How often an idle worker looks whether it should stop. */
    private static final long IDLE_POLL_MILLIS = 200;

    private final BlockingQueue<HandOff.Pending> queue;
    private final HandOff handOff;
    private final PipelineProperties properties;
    private final LongAdder refusedFull = new LongAdder();
    private volatile boolean running;
    private Thread worker;

    /**
     * The pipeline into {@code fabric} and the two stores, writing a port's last sample at most once per
     * {@code resumeInterval} of its samples ({@link ResumeThrottle}), telling {@code listeners} about each
     * applied batch; call {@link #start()} to run its worker.
     */
    public static IngestPipeline create(LiveFabric fabric, SeriesStore series, ResumeRepository resume,
                                        PipelineProperties properties, Duration resumeInterval,
                                        List<AppliedBatchListener> listeners) {
        return new IngestPipeline(new HandOff(fabric, series, resume, properties.storeTimeout(),
                properties.retryAfter(), resumeInterval, listeners), properties);
    }

    IngestPipeline(HandOff handOff, PipelineProperties properties) {
        this.handOff = handOff;
        this.properties = properties;
        this.queue = new ArrayBlockingQueue<>(properties.queueCapacity());
    }

    @Override
    public CompletableFuture<Outcome> accept(IngestBatch batch) {
        HandOff.Pending pending = new HandOff.Pending(batch, new CompletableFuture<>());
        if (!queue.offer(pending)) {
            refusedFull.increment();
            return CompletableFuture.failedFuture(new IngestUnavailableException("the ingest queue is full ("
                    + properties.queueCapacity() + " batches waiting to be stored); send the batch again later",
                    properties.retryAfter()));
        }
        return pending.answer();
    }

    /** Batches waiting for the worker. */
    public int queued() {
        return queue.size();
    }

    /** Batches refused because the queue was full, since start. */
    public long refusedFull() {
        return refusedFull.sum();
    }

    /**
     * Takes what has queued, up to one flush's worth, and flushes it (the worker's step).
     *
     * @return how many batches the flush held; 0 when nothing came within the idle poll
     */
    int flushQueued() throws InterruptedException {
        HandOff.Pending first = queue.poll(IDLE_POLL_MILLIS, TimeUnit.MILLISECONDS);
        if (first == null) {
            return 0;
        }
        List<HandOff.Pending> group = new ArrayList<>();
        group.add(first);
        int ports = first.ports();
        HandOff.Pending next;
        while (ports < properties.maxPortsPerFlush() && (next = queue.poll()) != null) {
            group.add(next);
            ports += next.ports();
        }
        handOff.flush(group);
        return group.size();
    }

    private void work() {
        // After stop() the queue is still emptied: everything queued was promised an answer.
        while (running || !queue.isEmpty()) {
            try {
                flushQueued();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException | Error fault) {
                log.error("ingest pipeline flush failed unexpectedly; the worker goes on", fault);
            }
        }
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        worker = Thread.ofPlatform().name("fabricpulse-ingest-pipeline").start(this::work);
    }

    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (handOff.hasRetained()) {
            log.warn("stopping with a flush the stores refused: its batches were answered 503 and agents will resend them");
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /**
     * Starts before and stops after the web server and the demo agent (higher phases stop first), so
     * every batch they hand in is still flushed; the stores close only after all lifecycles stopped.
     */
    @Override
    public int getPhase() {
        return 0;
    }
}
