package io.fabricpulse.server.metrics;

/** What one series describes ({@code fabricpulse.metrics.fabric.scope}). */
public enum MetricScope {
    /** Every port the server knows, each end of a cable on its own. */
    PORT,
    /**
     * Every cable once, both ends known (ports without a known peer are left out): counters are the sum
     * of both ends, gauges the worse end. Half the series of {@link #PORT} for a fabric of cables.
     */
    LINK
}
