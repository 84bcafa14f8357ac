package io.fabricpulse.server.state;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;

/**
 * A bounded queue and the one daemon thread that writes what it holds to the state store, in order,
 * so that ingest and the event loop never wait for the database: {@link #offer} never blocks (the
 * caller decides what a full queue means), the thread takes what has queued together as one batch.
 * On {@link #stop} what is still queued is written on the stopping thread, before the database
 * connections close. Components that write through one implement {@link WritesInBackground}.
 *
 * @param <E> what is queued: rows, or tasks that must run in order with the writes
 */
public final class BackgroundWriter<E> {

    private static final Logger log = LoggerFactory.getLogger(BackgroundWriter.class);
    /** How often an idle thread looks whether it should stop. */
    private static final long IDLE_POLL_MILLIS = 500;

    private final String threadName;
    private final BlockingQueue<E> queue;
    private final ToIntFunction<List<E>> write;
    private volatile boolean running;
    private Thread worker;

    /**
     * @param threadName the thread's name, for thread dumps
     * @param write      writes one batch, in queue order, blocking; returns how many it wrote. A
     *                   RuntimeException is logged and the batch counts as not written
     */
    public BackgroundWriter(String threadName, int capacity, ToIntFunction<List<E>> write) {
        this.threadName = threadName;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.write = write;
    }

    /** Queues without waiting; false when the queue is full. */
    public boolean offer(E item) {
        return queue.offer(item);
    }

    public int queued() {
        return queue.size();
    }

    /**
     * Writes what is queued on the calling thread until the queue is empty, also what the writes
     * queue themselves (the thread's step; tests call it directly).
     *
     * @return how many items were written
     */
    public int flush() {
        int written = 0;
        List<E> batch = new ArrayList<>();
        while (queue.drainTo(batch) > 0) {
            written += write(batch);
            batch.clear();
        }
        return written;
    }

    public synchronized void start() {
        if (!running) {
            running = true;
            worker = Thread.ofPlatform().name(threadName).daemon().start(this::work);
        }
    }

    /**
     * Stops the thread (waiting up to {@code timeout} for the batch in hand), then writes what is left.
     *
     * @return how many items were left and written on stop
     */
    public synchronized int stop(Duration timeout) {
        if (!running) {
            return 0;
        }
        running = false;
        try {
            worker.join(timeout.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        int left = flush();
        if (left > 0) {
            log.info("{}: wrote {} queued item(s) on shutdown", threadName, left);
        }
        return left;
    }

    public boolean isRunning() {
        return running;
    }

    private int write(List<E> batch) {
        try {
            return write.applyAsInt(batch);
        } catch (RuntimeException fault) {
            log.error("{}: a write of {} queued item(s) failed: {}", threadName, batch.size(), fault.toString(), fault);
            return 0;
        }
    }

    private void work() {
        List<E> batch = new ArrayList<>();
        while (running) {
            E first;
            try {
                first = queue.poll(IDLE_POLL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (first != null) {
                batch.add(first);
                queue.drainTo(batch);
                write(batch);
                batch.clear();
            }
        }
    }
}
