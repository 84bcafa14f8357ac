package io.fabricpulse.server.metrics;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** The fabric metrics endpoint's settings. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(FabricMetricsProperties.class)
class MetricsConfiguration {
}
