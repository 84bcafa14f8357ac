package io.fabricpulse.server.fabric.counterclear;

import io.fabricpulse.server.fabric.CounterReset;
import io.fabricpulse.server.fabric.CounterResetListener;
import io.fabricpulse.server.state.BackgroundWriter;
import io.fabricpulse.server.state.WritesInBackground;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records every counter reset the live fabric detects in {@code counter_clear}, without making
 * ingest wait for the database: {@link #onReset} only offers the event to a bounded queue, and one
 * worker thread writes what has queued in multi-row inserts. When the queue is full (a fabric-wide
 * {@code ibclearcounters} while the database is slow) further events are dropped, counted
 * ({@code fabricpulse.state.counter.clears{outcome=dropped}}) and logged at most once a minute:
 * history is worth less than ingest.
 *
 * <p>On stop, what is still queued is written before the database connections close.
 */
public class CounterClearRecorder implements CounterResetListener, WritesInBackground {

    private static final Logger log = LoggerFactory.getLogger(CounterClearRecorder.class);
    private static final Duration DROP_LOG_INTERVAL = Duration.ofMinutes(1);
    private static final Duration WRITE_TIMEOUT = Duration.ofSeconds(30);
    private static final String METRIC = "fabricpulse.state.counter.clears";

    private final CounterClearRepository repository;
    private final BackgroundWriter<CounterClearRow> queue;
    private final Clock clock;
    private final Counter recorded;
    private final Counter dropped;
    private final Counter failed;
    private final AtomicLong droppedSinceLog = new AtomicLong();
    private volatile Instant lastDropLog;

    public CounterClearRecorder(CounterClearRepository repository, int capacity, MeterRegistry meters, Clock clock) {
        if (capacity < 1) {
            throw new IllegalArgumentException("fabricpulse.state.counter-clear-queue must be at least 1, got " + capacity);
        }
        this.repository = repository;
        this.queue = new BackgroundWriter<>("fabricpulse-counter-clears", capacity, this::write);
        this.clock = clock;
        this.recorded = outcome(meters, "recorded", "counter clears written to the state store");
        this.dropped = outcome(meters, "dropped", "counter clears dropped because the queue was full");
        this.failed = outcome(meters, "failed", "counter clears lost to a failed database write");
        Gauge.builder(METRIC + ".queued", queue, BackgroundWriter::queued)
                .description("counter clears waiting to be written").register(meters);
    }

    /** Never blocks: queues the reset, or drops and counts it when the queue is full. */
    @Override
    public void onReset(CounterReset reset) {
        if (!queue.offer(CounterClearRow.detected(reset))) {
            dropped.increment();
            droppedSinceLog.incrementAndGet();
            logDrops();
        }
    }

    /**
     * Writes what is queued now, blocking until it is stored (the worker's step; tests call it directly).
     *
     * @return how many rows were written
     */
    int writeQueued() {
        return queue.flush();
    }

    private int write(List<CounterClearRow> batch) {
        if (batch.isEmpty()) {
            return 0;
        }
        try {
            repository.insertAll(batch).block(WRITE_TIMEOUT);
            recorded.increment(batch.size());
            return batch.size();
        } catch (RuntimeException fault) {
            failed.increment(batch.size());
            log.error("lost {} counter-clear records: the state store refused them: {}", batch.size(), fault.toString());
            return 0;
        }
    }

    private void logDrops() {
        Instant now = clock.instant();
        Instant last = lastDropLog;
        if (last == null || !now.isBefore(last.plus(DROP_LOG_INTERVAL))) {
            lastDropLog = now;
            log.warn("counter-clear queue full ({} waiting): dropped {} counter-clear records since the last warning; "
                    + "the state store is not keeping up", queue.queued(), droppedSinceLog.getAndSet(0));
        }
    }

    private static Counter outcome(MeterRegistry meters, String outcome, String description) {
        return Counter.builder(METRIC).tag("outcome", outcome).description(description).register(meters);
    }

    @Override
    public BackgroundWriter<?> backgroundWriter() {
        return queue;
    }
}
