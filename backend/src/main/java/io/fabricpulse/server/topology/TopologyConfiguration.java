package io.fabricpulse.server.topology;

import io.fabricpulse.server.ingest.BatchSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.core.annotation.Order;
import io.fabricpulse.server.state.baseline.TopologyBaselineRepository;

import java.time.Duration;

/**
 * Wires the topology feature into ingest (after the live fabric) and loads the names, clusters and
 * baseline in force when the server is ready.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TopologyProperties.class)
class TopologyConfiguration {

    private static final Logger log = LoggerFactory.getLogger(TopologyConfiguration.class);
    private static final Duration LOAD_TIMEOUT = Duration.ofSeconds(30);

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

    @EventListener(ApplicationReadyEvent.class)
    void loadState(ApplicationReadyEvent ready) {
        TopologyChanges changes = ready.getApplicationContext().getBean(TopologyChanges.class);
        TopologyImports imports = ready.getApplicationContext().getBean(TopologyImports.class);
        try {
            ready.getApplicationContext().getBean(NodeNameDirectory.class).reload().block(LOAD_TIMEOUT);
            ready.getApplicationContext().getBean(ClusterDirectory.class).reload().block(LOAD_TIMEOUT);
            ready.getApplicationContext().getBean(TopologyBaselineRepository.class).latest()
                    .blockOptional(LOAD_TIMEOUT)
                    .ifPresent(row -> changes.useBaseline(imports.decode(row)));
        } catch (RuntimeException e) {
            // The server still shows the live fabric; names, clusters or the baseline come with the next import.
            log.error("topology: could not load names, clusters or the baseline from the state store: {}", e.toString());
        }
    }
}
