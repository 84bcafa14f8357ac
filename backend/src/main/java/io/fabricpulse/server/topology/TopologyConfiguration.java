package io.fabricpulse.server.topology;

import io.fabricpulse.server.ingest.BatchSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

/** Wires the topology feature into ingest, after the live fabric. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TopologyProperties.class)
class TopologyConfiguration {

    private static final Logger log = LoggerFactory.getLogger(TopologyConfiguration.class);

    /** After the live fabric; a fault here is logged, never turned into a failed ingest. */
    @Bean
    @Order(10)
    BatchSink topologySink(TopologyChanges changes) {
        return batch -> {
            try {
                changes.accept(batch);
            } catch (RuntimeException fault) {
                log.error("topology could not take batch {} of {}", batch.sequence(), batch.agentId(), fault);
            }
        };
    }
}
