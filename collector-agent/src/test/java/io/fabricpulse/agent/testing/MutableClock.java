package io.fabricpulse.agent.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock tests move by hand. Thread-safe. */
public final class MutableClock extends Clock {

    private volatile Instant now;

    public MutableClock(Instant start) {
        this.now = start;
    }

    public void set(Instant instant) {
        now = instant;
    }

    public synchronized void advance(Duration duration) {
        now = now.plus(duration);
    }

    /** Moves on by a fractional number of seconds (nanosecond precision). */
    public void advanceSeconds(double seconds) {
        advance(Duration.ofNanos(Math.round(seconds * 1e9)));
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("tests use UTC");
    }
}
