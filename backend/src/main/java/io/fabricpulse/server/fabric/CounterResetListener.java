package io.fabricpulse.server.fabric;

/**
 * Told about every counter clear or reset the live fabric sees (but those of batches another replica stored
 * first, which that replica records), on the ingest thread that applied
 * the sample. Implementations must return at once (hand the event to a queue of their own) and not
 * throw: ingest waits for them.
 */
@FunctionalInterface
public interface CounterResetListener {

    void onReset(CounterReset reset);
}
