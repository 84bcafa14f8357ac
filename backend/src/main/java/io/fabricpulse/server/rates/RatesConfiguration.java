package io.fabricpulse.server.rates;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/** Binds {@link RatesProperties}; the live fabric takes them. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(RatesProperties.class)
public class RatesConfiguration {
}
