package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.ExpectedPort;
import io.fabricpulse.server.series.SeriesStoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * One background thread that gives slots to ports expected to be written soon, so the pipeline's flush finds
 * them ready (a new slot costs an append to the index and a state page, more than an update). Best effort: a
 * port not prepared in time (the queue full, the thread behind) gets its slot with its first write.
 */
final class SlotPreparer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SlotPreparer.class);
    private static final int QUEUE_CAPACITY = 100_000;

    private final PortSlots slots;
    private final BlockingQueue<ExpectedPort> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    private final Thread worker;

    SlotPreparer(PortSlots slots) {
        this.slots = slots;
        this.worker = Thread.ofPlatform().daemon().name("fabricpulse-series-slots").start(this::work);
    }

    /** Queues the ports without waiting; what does not fit is left to the write path. */
    void prepare(Collection<ExpectedPort> ports) {
        for (ExpectedPort port : ports) {
            if (!queue.offer(port)) {
                return;
            }
        }
    }

    private void work() {
        while (!Thread.currentThread().isInterrupted()) {
            ExpectedPort job;
            try {
                job = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            try {
                slots.prepare(job.port(), job.since().getEpochSecond());
            } catch (SeriesStoreException | IllegalStateException e) {
                // The write path meets the same problem and reports it with the batch it fails.
                log.debug("could not prepare the series slot of {}: {}", job.port(), e.getMessage());
            }
        }
    }

    @Override
    public void close() {
        worker.interrupt();
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
