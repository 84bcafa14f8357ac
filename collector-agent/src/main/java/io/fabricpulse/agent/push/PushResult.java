package io.fabricpulse.agent.push;

import java.time.Duration;

/** What one attempt to push a batch came to. The retry loop decides what to do with it. */
public sealed interface PushResult {

    /** The server took the batch (2xx). */
    record Delivered(int status) implements PushResult {
    }

    /**
     * The server refused the batch for good (4xx other than 401, 403, 404, 408 and 429): sending it again
     * would be refused again, so it is dropped.
     *
     * @param reason status and the server's problem detail, ready for a log line
     */
    record Rejected(int status, String reason) implements PushResult {
    }

    /**
     * Trying again may work: 5xx, 408, 429, a timeout or a connection failure; or it will once the agent's
     * configuration is fixed: a redirect, 401, 403 or 404 (wrong --server URL or token), which keeps the batch.
     *
     * @param status     the HTTP status, 0 when no answer came (timeout, refused or broken connection)
     * @param reason     what happened, ready for a log line
     * @param retryAfter how long the server asked to wait (Retry-After), null when it did not say
     */
    record Retryable(int status, String reason, Duration retryAfter) implements PushResult {
    }
}
