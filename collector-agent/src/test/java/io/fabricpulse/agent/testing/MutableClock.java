package io.fabricpulse.agent.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock tests move by hand. Thread-safe. */
public final class MutableClock extends Clock {

    private volatile Instant now;
    /** How far every reading moves the clock on: zero unless a test wants everything it times to take time. */
    private volatile Duration step = Duration.ZERO;

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

    /** From now on every reading moves the clock on by {@code step}, as if whatever reads it took that long. */
    public void stepOnEveryRead(Duration step) {
        this.step = step;
    }

    @Override
    public Instant instant() {
        if (step.isZero()) {
            return now;
        }
        synchronized (this) {
            Instant read = now;
            now = now.plus(step);
            return read;
        }
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
