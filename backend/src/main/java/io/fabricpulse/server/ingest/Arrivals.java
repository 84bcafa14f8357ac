package io.fabricpulse.server.ingest;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Pushes on their way in: their whole body read, being parsed, validated or admitted, not yet handed to the pipeline.
 * While {@code limit} are, the next push is answered 503 at the door. The pipeline's own bound cannot see them: the
 * first pushes of a large fabric all find its queue empty (600,000 loadgen ports: 100 agents' 6,000-port bodies in the
 * first second), and every one came in to be parsed on the event loops at once, by code not compiled yet. A body still
 * arriving holds no place: a few clients sending slowly would otherwise keep every agent out. Thread-safe.
 */
final class Arrivals {

    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final int limit;
    private final AtomicInteger arriving = new AtomicInteger();

    /** @param limit how many pushes may be on their way in at once */
    Arrivals(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("at least one push must be let in, got " + limit);
        }
        this.limit = limit;
    }

    /** Twice the event loops Reactor Netty runs by default (the cores, at least four): reading and parsing run there. */
    static Arrivals forThisMachine() {
        return new Arrivals(2 * Math.max(4, Runtime.getRuntime().availableProcessors()));
    }

    /** One push on its way in, until it is closed (once; closing again does nothing). */
    final class Arrival implements AutoCloseable {
        private final AtomicBoolean closed = new AtomicBoolean();

        private Arrival() {
            arriving.incrementAndGet();
        }

        @Override
        public void close() {
            if (closed.compareAndSet(false, true)) {
                arriving.decrementAndGet();
            }
        }
    }

    /** A push's whole body is in. */
    Arrival arrive() {
        return new Arrival();
    }

    /** The refusal for a push that comes now, empty while fewer than the limit are on their way in. */
    Optional<IngestUnavailableException> busy() {
        int now = arriving.get();
        return now < limit ? Optional.empty() : Optional.of(new IngestUnavailableException(now + " pushes are being "
                + "parsed and admitted already; send the batch again later", RETRY_AFTER));
    }
}
