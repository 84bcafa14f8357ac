package io.fabricpulse.server.problem;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A request refused for now, not for good (429: too many sign-in failures, too many new agents): the
 * answer carries {@code Retry-After} with the whole seconds to wait.
 */
public class RetryLaterException extends ProblemException {

    private final Duration retryAfter;

    public RetryLaterException(String detail, Duration retryAfter) {
        super(ProblemType.TOO_MANY_REQUESTS, detail, List.of(), Map.of("retryAfterSeconds", seconds(retryAfter)));
        this.retryAfter = retryAfter;
    }

    /** The {@code Retry-After} value: whole seconds, rounded up, at least 1. */
    public long retryAfterSeconds() {
        return seconds(retryAfter);
    }

    private static long seconds(Duration wait) {
        long millis = Math.max(0, wait.toMillis());
        return Math.max(1, (millis + 999) / 1000);
    }
}
