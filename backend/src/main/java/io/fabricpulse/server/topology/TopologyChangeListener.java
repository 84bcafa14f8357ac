package io.fabricpulse.server.topology;

import java.util.List;

/**
 * Told about every topology change when it is detected and again when it is resolved (then with
 * {@link TopologyChange#resolvedAt()}), on the thread that found it (ingest or a reader). Must return
 * at once and not throw. Beans of this type are found by {@link TopologyChanges}; the same events are
 * on {@link TopologyChanges#events()} as a Flux.
 */
@FunctionalInterface
public interface TopologyChangeListener {

    void onChange(TopologyChange change);

    /**
     * Told the changes one evaluation found (detected and resolved ones, in order) together, so a listener
     * can treat many at once as one thing (394 new switches: one alert). By default each goes to
     * {@link #onChange}.
     */
    default void onChanges(List<TopologyChange> changes) {
        changes.forEach(this::onChange);
    }

    /**
     * Told once, when the live model is first whole after the server started (see
     * {@link TopologyChanges}), after the changes found then were told through {@link #onChange}:
     * {@code holding} is every change that holds. Whatever the listener kept from before the restart
     * (an open alert in the state store) that is not among them ended while the server was down.
     */
    default void afterRebuild(List<TopologyChange> holding) {
    }
}
