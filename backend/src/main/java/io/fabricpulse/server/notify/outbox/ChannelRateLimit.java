package io.fabricpulse.server.notify.outbox;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * At most one post per channel per {@code interval} from this replica (Slack and Discord allow about
 * one message a second per webhook), and no post at all to a channel that asked us to wait
 * (Retry-After) or just failed, until then. Entries that must wait stay in the outbox, due.
 */
public final class ChannelRateLimit {

    private final Duration interval;
    private final Map<String, Instant> nextAllowed = new ConcurrentHashMap<>();

    public ChannelRateLimit(Duration interval) {
        if (interval.isNegative()) {
            throw new IllegalArgumentException("rate-limit interval must not be negative, got " + interval);
        }
        this.interval = interval;
    }

    public boolean mayPost(String channel, Instant now) {
        Instant next = nextAllowed.get(channel);
        return next == null || !now.isBefore(next);
    }

    /** A post was made at {@code now}. */
    public void posted(String channel, Instant now) {
        holdUntil(channel, now.plus(interval));
    }

    /** No post to this channel before {@code until} (a later hold wins). */
    public void holdUntil(String channel, Instant until) {
        nextAllowed.merge(channel, until, (old, proposed) -> proposed.isAfter(old) ? proposed : old);
    }
}
