package io.fabricpulse.server.ingest;

import java.time.Duration;
import java.util.Objects;

/**
 * The server cannot take a batch now, through no fault of the batch: the ingest queue is full or a
 * store is down. Answered with 503 and {@code Retry-After}, so the agent keeps the batch (in its spool)
 * and sends it again later; nothing of it was stored.
 */
public class IngestUnavailableException extends RuntimeException {

    private final Duration retryAfter;

    public IngestUnavailableException(String message, Duration retryAfter) {
        this(message, retryAfter, null);
    }

    public IngestUnavailableException(String message, Duration retryAfter, Throwable cause) {
        super(message, cause);
        this.retryAfter = Objects.requireNonNull(retryAfter, "retryAfter");
    }

    /** How long the agent should wait before sending again. */
    public Duration retryAfter() {
        return retryAfter;
    }
}
