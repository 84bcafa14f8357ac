package io.fabricpulse.server.system;

import io.github.bucket4j.TimeMeter;

import java.time.Clock;
import java.time.Instant;

/** Bucket4j's time from the server's {@link Clock}, so rate limits move with the clock tests set. */
public record ClockTimeMeter(Clock clock) implements TimeMeter {

    @Override
    public long currentTimeNanos() {
        Instant now = clock.instant();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    @Override
    public boolean isWallClockBased() {
        return true;
    }
}
