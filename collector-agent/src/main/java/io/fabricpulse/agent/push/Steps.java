package io.fabricpulse.agent.push;

import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;

/**
 * Step alignment (as micrometer's PushMeterRegistry does it): polls happen at whole multiples of the
 * interval since the epoch, shifted by an offset fixed per agent. Samples of one agent are evenly spaced
 * whatever its start time, and a thousand agents spread their pushes over the interval instead of
 * hitting the server in the same millisecond.
 */
public final class Steps {

    private Steps() {
    }

    /**
     * The agent's offset within the interval: derived from its id, so it is the same after a restart,
     * and mixed through a PRNG, so similar ids (node001, node002) land far apart.
     */
    public static Duration offset(String agentId, Duration interval) {
        return Duration.ofMillis(new SplittableRandom(agentId.hashCode()).nextLong(interval.toMillis()));
    }

    /** The first step strictly after {@code t}. */
    public static Instant nextAfter(Instant t, Duration interval, Duration offset) {
        long step = interval.toMillis();
        long shift = offset.toMillis();
        long index = Math.floorDiv(t.toEpochMilli() - shift, step) + 1;
        return Instant.ofEpochMilli(index * step + shift);
    }
}
