package io.fabricpulse.server.rates;

import java.time.Instant;

/**
 * What one interval of one counter says. Only {@link PerSecond} is a rate; every other outcome is a
 * reason why there is none, kept so that callers (alert rules, pages) can say why.
 */
public sealed interface CounterRate {

    /** A valid rate in the counter's own unit per second (events, packets, 4-byte words, ticks). */
    record PerSecond(double value) implements CounterRate {
    }

    /** The counter is latched at its maximum: "at least max" since {@code since}; no rate. */
    record Saturated(Instant since) implements CounterRate {
    }

    /** The counter went down (cleared or reset): no rate for this interval; the next one is normal. */
    record Reset() implements CounterRate {
    }

    /** First sample of this counter: nothing to take a delta against yet. */
    record FirstSample() implements CounterRate {
    }

    /** The port switched between 32-bit and 64-bit data/packet counters: the two values are not comparable. */
    record WidthChanged() implements CounterRate {
    }

    /** The sample is not newer than the baseline (out of order or repeated): ignored, the baseline stays. */
    record NotNewer() implements CounterRate {
    }
}
