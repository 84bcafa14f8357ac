package io.fabricpulse.server.series.prometheus;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/**
 * The prometheus store, chosen by {@code fabricpulse.series.type=prometheus}. Its remote writes are
 * counted in {@code fabricpulse.series.remote.write{outcome=delivered|rejected}} (series),
 * {@code ...{outcome=dropped}} (port samples) and the queue in {@code fabricpulse.series.remote.write.queued}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "fabricpulse.series.type", havingValue = "prometheus")
@EnableConfigurationProperties(PrometheusSeriesProperties.class)
public class PrometheusSeriesConfiguration {

    /** Connects lazily: the server starts while the engine is down, and the health endpoint says so. */
    @Bean(destroyMethod = "close")
    PrometheusSeriesStore prometheusSeriesStore(PrometheusSeriesProperties properties, Clock clock,
                                                ObjectProvider<MeterRegistry> registry) {
        PrometheusSeriesStore store = new PrometheusSeriesStore(properties, clock);
        registry.ifAvailable(meters -> {
            String name = "fabricpulse.series.remote.write";
            FunctionCounter.builder(name, store, s -> s.stats().deliveredSeries()).tag("outcome", "delivered")
                    .baseUnit("series").register(meters);
            FunctionCounter.builder(name, store, s -> s.stats().rejectedSeries()).tag("outcome", "rejected")
                    .baseUnit("series").register(meters);
            FunctionCounter.builder(name, store, s -> s.stats().droppedSamples()).tag("outcome", "dropped")
                    .baseUnit("port samples").register(meters);
            Gauge.builder(name + ".queued", store, s -> s.stats().queuedSamples()).baseUnit("port samples")
                    .register(meters);
        });
        return store;
    }
}
