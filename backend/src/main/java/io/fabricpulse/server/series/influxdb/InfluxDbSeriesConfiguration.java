package io.fabricpulse.server.series.influxdb;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The InfluxDB store, chosen by {@code fabricpulse.series.type=influxdb}. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "fabricpulse.series.type", havingValue = "influxdb")
@EnableConfigurationProperties(InfluxDbSeriesProperties.class)
public class InfluxDbSeriesConfiguration {

    /** Connects lazily: the server starts while InfluxDB is down, and the health endpoint says so. */
    @Bean(destroyMethod = "close")
    InfluxDbSeriesStore influxDbSeriesStore(InfluxDbSeriesProperties properties) {
        return new InfluxDbSeriesStore(properties);
    }
}
