package io.fabricpulse.server.routes;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** The routes feature's settings. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RoutesProperties.class)
class RoutesConfiguration {
}
