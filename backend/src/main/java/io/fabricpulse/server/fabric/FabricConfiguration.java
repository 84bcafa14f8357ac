package io.fabricpulse.server.fabric;

import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.rates.RatesProperties;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** The live fabric, told about resets and updates by whichever listeners the other features declare. */
@Configuration(proxyBeanMethods = false)
class FabricConfiguration {

    /** Whatever reset and update listeners there are, in their order, and the node names if any. */
    @Bean
    LiveFabric liveFabric(ObjectProvider<CounterResetListener> resetListeners,
                          ObjectProvider<FabricUpdateListener> updateListeners, ObjectProvider<NodeNames> names,
                          RatesProperties ratesProperties, Clock clock, PortIndex index) {
        return new LiveFabric(resetListeners.orderedStream().toList(), updateListeners.orderedStream().toList(),
                names.getIfAvailable(() -> NodeNames.NONE), ratesProperties, clock, index);
    }
}
