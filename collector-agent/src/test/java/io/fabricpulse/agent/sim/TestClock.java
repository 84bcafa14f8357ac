package io.fabricpulse.agent.sim;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand. */
final class TestClock extends Clock {

    private Instant now;

    TestClock(Instant start) {
        this.now = start;
    }

    TestClock() {
        this(Instant.parse("2026-01-05T08:00:00Z"));
    }

    TestClock advance(Duration step) {
        now = now.plus(step);
        return this;
    }

    TestClock advanceSeconds(double seconds) {
        return advance(Duration.ofNanos(Math.round(seconds * 1e9)));
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
        throw new UnsupportedOperationException("the test clock has one zone");
    }
}
