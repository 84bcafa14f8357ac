package io.fabricpulse.server.testing;

import io.fabricpulse.server.fabric.CounterResetListener;
import io.fabricpulse.server.fabric.FabricUpdateListener;
import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.fabric.NodeNames;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.rates.RatesProperties;

import java.time.Clock;
import java.util.List;

/**
 * A {@link LiveFabric} for tests, with only what a test cares about said: by default no listeners, no node
 * names, the default rate settings and the system clock.
 */
public final class LiveFabricBuilder {

    private List<CounterResetListener> resetListeners = List.of();
    private List<FabricUpdateListener> updateListeners = List.of();
    private NodeNames names = NodeNames.NONE;
    private RatesProperties ratesProperties = RatesProperties.defaults();
    private Clock clock = Clock.systemUTC();

    private LiveFabricBuilder() {
    }

    public static LiveFabricBuilder liveFabric() {
        return new LiveFabricBuilder();
    }

    public LiveFabricBuilder resetListeners(CounterResetListener... listeners) {
        this.resetListeners = List.of(listeners);
        return this;
    }

    public LiveFabricBuilder updateListeners(FabricUpdateListener... listeners) {
        this.updateListeners = List.of(listeners);
        return this;
    }

    public LiveFabricBuilder names(NodeNames names) {
        this.names = names;
        return this;
    }

    public LiveFabricBuilder ratesProperties(RatesProperties ratesProperties) {
        this.ratesProperties = ratesProperties;
        return this;
    }

    public LiveFabricBuilder clock(Clock clock) {
        this.clock = clock;
        return this;
    }

    public LiveFabric build() {
        return new LiveFabric(resetListeners, updateListeners, names, ratesProperties, clock, new PortIndex());
    }
}
