package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.WireFormat;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Pushes on their way in: their whole body read, being parsed, validated or admitted, not yet handed to the pipeline.
 * While {@code limit} are, the next push is answered 503 at the door. The pipeline's own bound cannot see them: the
 * first pushes of a large fabric all find its queue empty (600,000 loadgen ports: 100 agents' 6,000-port bodies in the
 * first second), and every one came in to be parsed on the event loops at once, by code not compiled yet. A body still
 * arriving holds no place: a few clients sending slowly would otherwise keep every agent out. Thread-safe.
 *
 * <p>It also tells the door how much work is on its way ({@link #portsOnTheirWay()}): a push parsed counts its port
 * samples, one still being parsed its body's bytes at the bytes a port sample of its format recently took. The
 * pipeline counts them ahead of the push at the door, as they will be queued before it: without them the door let in
 * pushes the pipeline then refused once they were parsed (at 600,000 loadgen ports, half of all the bodies parsed on
 * the event loops were parsed for a 503). And {@link #lead()}, how long a push recently took from its body being in to
 * its batch parsed and valid: the worker's work meanwhile is not ahead of the push coming now. Learned only from
 * valid batches: padding or a malformed body must not move the estimate.
 */
final class Arrivals {

    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);
    /** The weight of the newest push in the recent bytes per port sample and the recent lead. */
    private static final double NEWEST_WEIGHT = 0.125;

    private final int limit;
    private final LongSupplier nanoTime;
    private final AtomicInteger arriving = new AtomicInteger();
    private final AtomicLong ports = new AtomicLong();
    /** Per format, the recent bytes of body per port sample (none until a push of it was parsed). Guarded by this. */
    private final Map<WireFormat, Double> bytesPerPort = new EnumMap<>(WireFormat.class);
    private volatile long leadNanos;

    /** @param limit how many pushes may be on their way in at once */
    Arrivals(int limit) {
        this(limit, System::nanoTime);
    }

    Arrivals(int limit, LongSupplier nanoTime) {
        if (limit < 1) {
            throw new IllegalArgumentException("at least one push must be let in, got " + limit);
        }
        this.limit = limit;
        this.nanoTime = nanoTime;
    }

    /** Twice the event loops Reactor Netty runs by default (the cores, at least four): reading and parsing run there. */
    static Arrivals forThisMachine() {
        return new Arrivals(2 * Math.max(4, Runtime.getRuntime().availableProcessors()));
    }

    /** One push on its way in, until it is closed (once; closing again does nothing). */
    final class Arrival implements AutoCloseable {
        private final long arrivedNanos = nanoTime.getAsLong();
        private final WireFormat format;
        private final int bytes;
        /** The port samples it counts in {@link #ports}: estimated from its bytes, exact once parsed. Guarded by this. */
        private long counted;
        private boolean parsed;
        private boolean closed;

        /** @param format null for a batch handed in parsed, from within the server */
        private Arrival(int bytes, WireFormat format, long counted) {
            this.bytes = bytes;
            this.format = format;
            this.counted = counted;
            arriving.incrementAndGet();
            ports.addAndGet(counted);
        }

        /**
         * Its batch is parsed and valid and carries {@code portSamples}: counted exactly from now on, and learned from
         * (a body's bytes and its lead) when it came over the wire.
         */
        synchronized void parsed(int portSamples) {
            if (closed || parsed) {
                return;
            }
            parsed = true;
            ports.addAndGet(portSamples - counted);
            counted = portSamples;
            if (format != null) {
                learn(format, bytes, portSamples, nanoTime.getAsLong() - arrivedNanos);
            }
        }

        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                arriving.decrementAndGet();
                ports.addAndGet(-counted);
            }
        }
    }

    /** A push's whole body is in: {@code bytes} of {@code format}, as parsed (after gzip). */
    Arrival arrive(int bytes, WireFormat format) {
        return new Arrival(bytes, format, estimate(bytes, format));
    }

    /** A batch handed in already parsed, from within the server: counted once validated, nothing learned from it. */
    Arrival arriveInProcess() {
        return new Arrival(0, null, 0);
    }

    /** The port samples of the pushes on their way in, those not parsed yet estimated from their bodies. */
    long portsOnTheirWay() {
        return Math.max(0, ports.get());
    }

    /** How long a push recently took from its whole body in to its batch parsed (zero before any was). */
    Duration lead() {
        return Duration.ofNanos(leadNanos);
    }

    /** The refusal for a push that comes now, empty while fewer than the limit are on their way in. */
    Optional<IngestUnavailableException> busy() {
        int now = arriving.get();
        return now < limit ? Optional.empty() : Optional.of(new IngestUnavailableException(now + " pushes are being "
                + "parsed and admitted already; send the batch again later", RETRY_AFTER));
    }

    private synchronized long estimate(int bytes, WireFormat format) {
        Double perPort = bytesPerPort.get(format);
        return perPort == null ? 0 : Math.round(bytes / perPort);
    }

    private synchronized void learn(WireFormat format, int bytes, int portSamples, long nanos) {
        leadNanos = leadNanos == 0 ? nanos : Math.round(leadNanos + NEWEST_WEIGHT * (nanos - leadNanos));
        if (bytes > 0 && portSamples > 0) {
            double observed = (double) bytes / portSamples;
            bytesPerPort.merge(format, observed, (recent, newest) -> recent + NEWEST_WEIGHT * (newest - recent));
        }
    }
}
