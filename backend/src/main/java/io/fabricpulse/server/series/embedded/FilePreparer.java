package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.ExpectedPort;
import io.fabricpulse.server.series.SeriesStoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * One background thread that opens (and if need be creates) the files or slots of ports expected to be
 * written soon, so the pipeline's flush finds them ready. Best effort: a port not prepared in time (the queue
 * full, the thread behind) is created by its first write as before.
 */
final class FilePreparer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(FilePreparer.class);
    private static final int QUEUE_CAPACITY = 100_000;

    private final PortStorage files;
    private final BlockingQueue<ExpectedPort> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    private final Thread worker;

    FilePreparer(PortStorage files) {
        this.files = files;
        this.worker = Thread.ofPlatform().daemon().name("fabricpulse-series-files").start(this::work);
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
                files.prepare(job.port(), job.since().getEpochSecond());
            } catch (SeriesStoreException | IllegalStateException e) {
                // The write path meets the same problem and reports it with the batch it fails.
                log.debug("could not prepare the series file of {}: {}", job.port(), e.getMessage());
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
