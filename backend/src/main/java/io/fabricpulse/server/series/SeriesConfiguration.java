package io.fabricpulse.server.series;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The parts every store shares: the choice of store (the adapters' own configurations are guarded
 * by {@code fabricpulse.series.type}) and the health contributor "series", which asks the store's
 * {@link SeriesStore#check()}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SeriesProperties.class)
public class SeriesConfiguration {

    /** Takes the properties first so that an unknown store type fails on binding, with the allowed values. */
    @Bean
    HealthIndicator seriesHealthIndicator(SeriesProperties properties, SeriesStore store) {
        String type = properties.type().name().toLowerCase();
        return () -> {
            CheckResult result = store.check();
            Health.Builder health = result.ok() ? Health.up() : Health.down();
            return health.withDetail("type", type).withDetail("detail", result.detail()).build();
        };
    }
}
