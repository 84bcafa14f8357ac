package io.fabricpulse.server.history;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(HistoryProperties.class)
class HistoryConfiguration {
}
