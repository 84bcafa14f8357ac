package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.ports.PortIndex;
import io.micrometer.core.instrument.FunctionCounter;
import io.fabricpulse.server.ports.PortIndex;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The embedded store, chosen when {@code fabricpulse.series.type} is {@code embedded} or unset. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "fabricpulse.series.type", havingValue = "embedded", matchIfMissing = true)
@EnableConfigurationProperties(EmbeddedSeriesProperties.class)
public class EmbeddedSeriesConfiguration {

    @Bean(destroyMethod = "close")
    EmbeddedSeriesStore embeddedSeriesStore(EmbeddedSeriesProperties properties, PortIndex index,
                                            ObjectProvider<MeterRegistry> meters) {
        EmbeddedSeriesStore store = new EmbeddedSeriesStore(properties, index);
        meters.ifAvailable(registry -> FunctionCounter
                .builder("fabricpulse.series.embedded.skipped.points", store, EmbeddedSeriesStore::skippedPoints)
                .description("points not stored because they were not newer than their port's latest (replays)")
                .register(registry));
        return store;
    }
}
