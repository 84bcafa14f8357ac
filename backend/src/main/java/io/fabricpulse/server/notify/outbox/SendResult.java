package io.fabricpulse.server.notify.outbox;

import io.fabricpulse.server.retry.Backoff;

import java.time.Duration;
import java.time.Instant;

/**
 * What one attempt to post came to. A channel only says this; the dispatcher alone decides about
 * backoff, giving up and metrics (alertmanager's split between notifier and retry stage).
 */
public sealed interface SendResult {

    /** The channel took it (any 2xx). */
    record Delivered(int status) implements SendResult {
    }

    /**
     * Worth trying again: a 5xx, a 429, 408, a timeout or a connection failure.
     *
     * @param retryAfter how long the channel asked us to wait (429/503 Retry-After); null when it did not say
     */
    record Retry(String reason, Duration retryAfter) implements SendResult {
    }

    /** Trying again cannot help: the channel refused the request itself (a 4xx such as 400, 403, 404). */
    record Refused(String reason) implements SendResult {
    }

    /**
     * The one table of HTTP statuses: 2xx delivered; 408, 425, 429 and 5xx retried (honouring
     * Retry-After); every other status refused for good, since the same request will be refused again.
     *
     * @param retryAfter the Retry-After header, or null
     * @param now        the time to measure an HTTP-date Retry-After from
     */
    static SendResult ofStatus(int status, String retryAfter, String bodyStart, Instant now) {
        if (status >= 200 && status < 300) {
            return new Delivered(status);
        }
        String reason = "HTTP " + status + (bodyStart == null || bodyStart.isBlank() ? "" : ": " + bodyStart.strip());
        if (status == 408 || status == 425 || status == 429 || status >= 500) {
            return new Retry(reason, Backoff.retryAfter(retryAfter, now));
        }
        return new Refused(reason);
    }
}
