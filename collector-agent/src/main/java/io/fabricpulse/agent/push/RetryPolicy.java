package io.fabricpulse.agent.push;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.random.RandomGenerator;

/**
 * How long and how often the pusher tries.
 *
 * @param initialBackoff first wait after a failed attempt; doubles per attempt
 * @param maxBackoff     the doubling stops here
 * @param maxRetryAfter  a server's Retry-After is honoured up to this (a broken proxy saying "in a year" is not)
 * @param maxBatchAge    a batch not delivered this long after its poll is dropped and counted — the bound
 *                       that keeps an outage from growing memory without end. Behind a disk spool there is
 *                       none ({@link #withoutAgeLimit()}): the spool's byte bound is the only limit.
 * @param flushTimeout   at shutdown, how long waiting batches may still be sent
 */
public record RetryPolicy(Duration initialBackoff, Duration maxBackoff, Duration maxRetryAfter,
                          Duration maxBatchAge, Duration flushTimeout) {

    /**
     * Back-off capped at 15 s: a server (or replica) that comes back gets its agents' backlogs within 15 s, not
     * a minute later (with a one-minute cap a replica's backlog waited 12-46 s after it listened). A try at a
     * server that is down costs it nothing (the connection is refused), and one that is up but busy says when
     * with Retry-After, which is honoured up to {@code maxRetryAfter}.
     */
    public static final RetryPolicy DEFAULT = new RetryPolicy(Duration.ofSeconds(1), Duration.ofSeconds(15),
            Duration.ofMinutes(10), Duration.ofMinutes(15), Duration.ofSeconds(5));

    public RetryPolicy {
        if (initialBackoff.isNegative() || initialBackoff.isZero() || maxBackoff.compareTo(initialBackoff) < 0) {
            throw new IllegalArgumentException("need 0 < initialBackoff <= maxBackoff");
        }
    }

    /**
     * This policy with no age limit, for a pusher behind a disk spool: the spool's byte bound already
     * limits what waits, and a batch must not be lost to age that the bound still has room for.
     */
    public RetryPolicy withoutAgeLimit() {
        return new RetryPolicy(initialBackoff, maxBackoff, maxRetryAfter, ChronoUnit.FOREVER.getDuration(), flushTimeout);
    }

    /**
     * The wait before attempt {@code attempt + 1}: exponential backoff with "equal jitter" (half fixed,
     * half random, so a thousand agents that failed together do not retry together), and never less
     * than what the server asked for with Retry-After, which gets a tenth of spread on top for the same reason.
     */
    public Duration delay(int attempt, Duration retryAfter, RandomGenerator random) {
        long ceiling = maxBackoff.toMillis();
        long exponential = initialBackoff.toMillis() << Math.min(attempt - 1, 30);
        long backoff = exponential <= 0 || exponential > ceiling ? ceiling : exponential;
        long jittered = backoff / 2 + random.nextLong(backoff / 2 + 1);
        if (retryAfter == null) {
            return Duration.ofMillis(jittered);
        }
        long asked = Math.min(retryAfter.toMillis(), maxRetryAfter.toMillis());
        long spread = asked + random.nextLong(asked / 10 + 1);
        return Duration.ofMillis(Math.max(jittered, spread));
    }
}
