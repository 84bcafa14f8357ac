package io.fabricpulse.server.topology;

import io.fabricpulse.server.pipeline.AppliedBatchListener;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Wires the topology feature into ingest: the live topology and the cable history see every batch once the
 * live fabric has applied it.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TopologyProperties.class)
class TopologyConfiguration {

    @Bean
    AppliedBatchListener topologyFeed(TopologyChanges changes, CableHistory history) {
        return (batch, judgedElsewhere) -> {
            history.record(batch, judgedElsewhere);
            changes.accept(batch);
        };
    }
}
