package io.fabricpulse.server.pipeline;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.ingest.BatchSink;
import io.fabricpulse.server.ingest.IngestUnavailableException;
import io.fabricpulse.server.pipeline.resume.ResumeRepository;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.series.SeriesStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The ingest pipeline behind {@link BatchSink}: a bounded queue in front of one worker thread that
 * groups what has queued (up to {@link PipelineProperties#maxPortsPerFlush()} port samples) into one
 * {@link HandOff flush}. Callers never block: {@link #accept} queues and returns an answer that
 * completes after the flush stored the batch; a full queue answers at once with
 * {@link IngestUnavailableException} (503 with {@code Retry-After}). Grouping is what makes the
 * stores keep up: one series write and one state transaction per flush, not per batch, and the more
 * that queues while a flush runs, the larger the next.
 *
 * <p>Overload is answered at once: while the oldest queued batch has waited longer than
 * {@link PipelineProperties#maxQueueWait()}, or what is queued would take the worker longer than that to store (at
 * its recent cost per port sample), new batches are refused with 503 ({@link #busy(long, Duration, boolean)}, asked before a
 * push's body is read), so every push gets its answer within about that wait plus one flush, the worker stays at
 * its capacity, and what is refused stays in the agents' spools. A queue bounded by batches alone let pushes wait
 * until their agents gave up (no answer at all), while the worker went on storing batches nobody waited for.
 *
 * <p>One worker keeps batches of one agent in order and makes the live fabric's per-port updates
 * uncontended; the expensive parts (rrd files, SQL) are per flush, not per batch.
 */
public final class IngestPipeline implements BatchSink, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(IngestPipeline.class);
    /** How often an idle worker looks whether it should stop. */
    private static final long IDLE_POLL_MILLIS = 200;
    /**
     * How long {@link #stop()} goes on storing what is queued. Before it runs, the web server's graceful
     * shutdown has already waited (up to Spring's 30 s per phase) for the ingest requests in flight, which
     * wait on this queue. Draining a full queue of large batches on an overloaded server took minutes;
     * after this the rest is answered 503, which costs nothing: unacknowledged batches stay in the
     * agents' spools and go to the next server.
     */
    static final Duration SHUTDOWN_DRAIN = Duration.ofSeconds(5);
    /**
     * How much of the cost per port sample known so far still counts after a flush of 1,000 more: the last ~10,000
     * port samples tell. By samples, not by flushes: one flush the stores held up for seconds (an outage) outweighed
     * the next hundred small ones, and pushes were refused long after the worker was quick again.
     */
    private static final double COST_KEPT_PER_THOUSAND = 0.9;
    /**
     * What a port sample is taken to cost before the worker has measured any, counted as this many samples' worth: a
     * started server's first flushes are its dearest (code not compiled yet, every port seen for the first time), and
     * with no cost known every push looked free: at 600,000 loadgen ports the first hundred 6,000-port pushes were all
     * queued behind each other.
     */
    private static final double FIRST_NANOS_PER_PORT = 50_000;
    /**
     * How long large batches may go untaken before the next one is judged by the whole wait bound again: small
     * batches alone can keep the queue above the large ones' bound, and a switch sweep must be delayed, not shut out.
     */
    static final Duration LARGE_BATCH_TURN = Duration.ofSeconds(1);
    private static final double FIRST_COST_WEIGHT_PORTS = 1_000;

    private final BlockingQueue<HandOff.Pending> queue;
    private final HandOff handOff;
    private final PipelineProperties properties;
    private final LongAdder refusedFull = new LongAdder();
    private final LongAdder refusedBehind = new LongAdder();
    private final Duration shutdownDrain;
    /**
     * What a refusal for being behind asks agents to wait: the queue's wait bound (at least Retry-After's 1 s), not the
     * longer {@link PipelineProperties#retryAfter()} of an outage. Being behind passes within about that long, and an
     * agent polling every second that waited 5 s delivered nothing meanwhile, though the server had room again. Once
     * the oldest queued batch has waited longer than an outage's Retry-After, the worker is stuck, and the refusal asks
     * for that: agents come back no sooner than asked, and 10,000 of them every second would cost the door a core.
     */
    private final Duration behindRetryAfter;
    private final LongSupplier nanoTime;
    /** When a large batch was last queued (its turn comes again {@link #LARGE_BATCH_TURN} after). */
    private volatile long largeTakenNanos;
    /** Port samples handed in and not yet taken by a flush. */
    private final AtomicLong queuedPorts = new AtomicLong();
    /** The flush under way: when it began and its port samples (0: none). */
    private volatile long flushStartedNanos;
    private volatile int flushingPorts;
    /**
     * What the worker took per port sample lately, whole flushes included (the stores' writes, the listeners):
     * flushes' nanoseconds and ports, both sums decayed by {@link #COST_KEPT_PER_THOUSAND}. Worker thread only.
     */
    private double recentNanos;
    private double recentPorts;
    private volatile double nanosPerPort;
    /** Set by {@link #stop()} before {@link #running} turns false: when the worker stops flushing. */
    private volatile long drainUntilNanos;
    private volatile boolean running;
    private Thread worker;

    /**
     * The pipeline into {@code fabric} and the two stores, writing a port's last sample at most once per
     * {@code resumeInterval} of its samples ({@link ResumeThrottle}), telling {@code listeners} about each
     * applied batch; call {@link #start()} to run its worker.
     */
    public static IngestPipeline create(LiveFabric fabric, SeriesStore series, ResumeRepository resume,
                                        PipelineProperties properties, Duration resumeInterval, PortIndex index,
                                        List<AppliedBatchListener> listeners) {
        return new IngestPipeline(new HandOff(fabric, series, resume, properties.storeTimeout(),
                properties.retryAfter(), resumeInterval, index, listeners), properties);
    }

    IngestPipeline(HandOff handOff, PipelineProperties properties) {
        this(handOff, properties, SHUTDOWN_DRAIN, System::nanoTime, FIRST_NANOS_PER_PORT);
    }

    /** On {@code nanoTime}, with no cost per port sample assumed before the first flush (tests play exact costs). */
    IngestPipeline(HandOff handOff, PipelineProperties properties, Duration shutdownDrain, LongSupplier nanoTime) {
        this(handOff, properties, shutdownDrain, nanoTime, 0);
    }

    private IngestPipeline(HandOff handOff, PipelineProperties properties, Duration shutdownDrain, LongSupplier nanoTime,
                           double firstNanosPerPort) {
        this.recentNanos = firstNanosPerPort * FIRST_COST_WEIGHT_PORTS;
        this.recentPorts = firstNanosPerPort == 0 ? 0 : FIRST_COST_WEIGHT_PORTS;
        this.nanosPerPort = firstNanosPerPort;
        this.handOff = handOff;
        this.properties = properties;
        this.shutdownDrain = shutdownDrain;
        this.nanoTime = nanoTime;
        this.queue = new ArrayBlockingQueue<>(properties.queueCapacity());
        this.behindRetryAfter = Duration.ofSeconds(Math.max(1, (properties.maxQueueWait().toMillis() + 999) / 1000));
        this.largeTakenNanos = nanoTime.getAsLong() - LARGE_BATCH_TURN.toNanos();
    }

    @Override
    public CompletableFuture<Outcome> accept(IngestBatch batch) {
        boolean small = batch.portCount() <= SMALL_BATCH_PORTS;
        Optional<IngestUnavailableException> behind = busy(0, Duration.ZERO, small);
        if (behind.isPresent()) {
            return CompletableFuture.failedFuture(behind.get());
        }
        HandOff.Pending pending = new HandOff.Pending(batch, new CompletableFuture<>(), nanoTime.getAsLong());
        int ports = pending.ports();
        queuedPorts.addAndGet(ports);
        if (!queue.offer(pending)) {
            queuedPorts.addAndGet(-ports);
            refusedFull.increment();
            return CompletableFuture.failedFuture(new IngestUnavailableException("the ingest queue is full ("
                    + properties.queueCapacity() + " batches waiting to be stored); send the batch again later",
                    properties.retryAfter()));
        }
        if (!small) {
            largeTakenNanos = pending.queuedAtNanos();
        }
        return pending.answer();
    }

    /**
     * The refusal a batch handed in now gets because the worker is behind: the oldest queued batch has waited longer
     * than {@link PipelineProperties#maxQueueWait()}, or storing what is queued would take longer than that at the
     * worker's recent cost per port sample, after what is left of the flush under way. The second is what keeps a burst
     * out: a hundred agents pushing in the same instant all found the queue's oldest batch fresh, and the last of them
     * waited for all the others. Only what is left of the flush under way counts, not all of it: a batch larger than
     * the bound (a discover agent's sweep of 2,000 switch ports against 25 ms) would otherwise have every push that
     * came during its flush refused, though the worker was about to be free. Counted as refused.
     *
     * <p>At the door, before a push's body is read, the pushes let in before it and not handed in yet count as queued
     * ahead of it, and what the worker stores until it is handed in ({@code lead}, at most the wait bound) does not:
     * a push let in only to be refused once parsed cost its parsing for nothing.
     *
     * <p>A large batch is refused once half the bound is taken; the other half is kept for small ones
     * ({@link #SMALL_BATCH_PORTS}). Under overload the queue sits at the large batches' bound, and a node's batch
     * carrying an alert, refused with them, waited out Retry-After and met a full queue again: at 50,000 ports a second
     * from 100 agents of 500 ports, an agent of a few ports took up to 15 s to deliver its alert. A quarter was too
     * little: a large batch let in at the edge takes 10-25 ms itself, and the worker's flushes run late by as much, so
     * the node's batch met 50-130 ms and was refused five times in a row. (The default bound is 100 ms, so large
     * batches keep the 50 ms they had: a queue held to 25 ms delivered a third less at 600,000 ports.) When no large
     * batch was taken for {@link #LARGE_BATCH_TURN}, the next is judged by the whole bound.
     */
    @Override
    public Optional<IngestUnavailableException> busy(long portsOnTheirWay, Duration lead, boolean small) {
        long now = nanoTime.getAsLong();
        HandOff.Pending oldest = queue.peek();
        long waited = oldest == null ? 0 : now - oldest.queuedAtNanos();
        int flushing = flushingPorts;
        long flushLeft = flushing == 0 ? 0 : Math.max(0, (long) (flushing * nanosPerPort) - (now - flushStartedNanos));
        long limit = properties.maxQueueWait().toNanos();
        boolean reserved = !small && now - largeTakenNanos < LARGE_BATCH_TURN.toNanos();
        long bound = reserved ? limit / 2 : limit;
        long ahead = (long) ((Math.max(0, queuedPorts.get()) + portsOnTheirWay) * nanosPerPort) + flushLeft
                - Math.min(lead.toNanos(), bound);
        if (waited <= bound && ahead <= bound) {
            return Optional.empty();
        }
        refusedBehind.increment();
        String why = waited > bound ? "the oldest waiting batch has waited " + Duration.ofNanos(waited).toMillis() + " ms"
                : (portsOnTheirWay > 0 ? "what is queued or on its way in" : "what is queued") + " takes about "
                + Duration.ofNanos(ahead).toMillis() + " ms to store";
        String more = "more than " + Duration.ofNanos(bound).toMillis() + " ms" + (reserved
                ? ", the rest is kept for batches of at most " + SMALL_BATCH_PORTS + " port samples" : "");
        // A batch waiting longer than an outage's Retry-After: the worker is stuck (a store holds its flush), not behind,
        // and agents, which wait at least what they are asked, are asked to wait as for an outage.
        Duration retryAfter = waited > properties.retryAfter().toNanos() ? properties.retryAfter() : behindRetryAfter;
        return Optional.of(new IngestUnavailableException("the ingest pipeline is behind (" + why + ", " + more
                + "); send the batch again later", retryAfter));
    }

    /** Batches refused because the worker was behind ({@link #busy(long, Duration, boolean)}), since start. */
    public long refusedBehind() {
        return refusedBehind.sum();
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
        long started = nanoTime.getAsLong();
        flushStartedNanos = started;
        flushingPorts = ports;
        queuedPorts.addAndGet(-ports);
        try {
            handOff.flush(group);
        } finally {
            flushingPorts = 0;
            double kept = Math.pow(COST_KEPT_PER_THOUSAND, ports / 1000.0);
            recentNanos = recentNanos * kept + (nanoTime.getAsLong() - started);
            recentPorts = recentPorts * kept + ports;
            nanosPerPort = recentPorts == 0 ? 0 : recentNanos / recentPorts;
        }
        return group.size();
    }

    private void work() {
        // After stop() what is queued is still stored, for as long as the drain lasts; the rest is refused.
        while (running || (!queue.isEmpty() && nanoTime.getAsLong() - drainUntilNanos < 0)) {
            try {
                flushQueued();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (RuntimeException | Error fault) {
                log.error("ingest pipeline flush failed unexpectedly; the worker goes on", fault);
            }
        }
        refuseQueued();
    }

    /** Answers what is still queued with 503: every queued batch was promised an answer. */
    private void refuseQueued() {
        List<HandOff.Pending> left = new ArrayList<>();
        queue.drainTo(left);
        left.forEach(pending -> queuedPorts.addAndGet(-pending.ports()));
        if (left.isEmpty()) {
            return;
        }
        log.warn("stopping: {} queued batches not stored within {}, answered 503; their agents send them again",
                left.size(), shutdownDrain);
        IngestUnavailableException stopping = new IngestUnavailableException(
                "the server is stopping; send the batch again later", properties.retryAfter());
        left.forEach(pending -> pending.answer().completeExceptionally(stopping));
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
        drainUntilNanos = nanoTime.getAsLong() + shutdownDrain.toNanos();
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
     * Starts before and stops after the web server and the demo agent (higher phases stop first), so the
     * batches they hand in are still flushed (for up to {@link #SHUTDOWN_DRAIN}); the stores close only
     * after all lifecycles stopped.
     */
    @Override
    public int getPhase() {
        return 0;
    }
}
