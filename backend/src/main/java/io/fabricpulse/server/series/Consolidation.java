package io.fabricpulse.server.series;

/** How the rates inside one bucket (or one window) become one number. */
public enum Consolidation {
    /** Mean of the rates stored in the bucket: what a chart of load shows. */
    AVERAGE,
    /** Highest rate stored in the bucket: bursts that an average hides (error storms, peak load). */
    MAX
}
