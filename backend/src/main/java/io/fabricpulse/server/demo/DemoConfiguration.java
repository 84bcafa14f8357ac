package io.fabricpulse.server.demo;

import io.fabricpulse.server.ingest.IngestService;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** Creates the demo agent only when {@code fabricpulse.demo.enabled=true}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(DemoProperties.class)
class DemoConfiguration {

    @Bean
    @ConditionalOnBooleanProperty("fabricpulse.demo.enabled")
    DemoAgent demoAgent(IngestService ingest, DemoProperties properties, Clock clock) {
        return new DemoAgent(ingest, properties, clock);
    }
}
