package io.fabricpulse.server.topology;

/**
 * Told about every topology change when it is detected and again when it is resolved (then with
 * {@link TopologyChange#resolvedAt()}), on the thread that found it (ingest or a reader). Must return
 * at once and not throw. Beans of this type are found by {@link TopologyChanges}; the same events are
 * on {@link TopologyChanges#events()} as a Flux.
 */
@FunctionalInterface
public interface TopologyChangeListener {

    void onChange(TopologyChange change);
}
