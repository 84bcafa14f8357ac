package io.fabricpulse.server.fabric.counterclear;

/** How a counter clear came to be known. */
public enum CounterClearSource {
    /** The rate engine saw counters go down between two samples of the port. */
    DETECTED,
    /** A person or the API asked for the clear (the actor says who). */
    REQUESTED
}
