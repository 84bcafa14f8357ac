package io.fabricpulse.server.topology;

import io.fabricpulse.server.pipeline.AppliedBatchListener;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the topology feature into ingest: it sees every batch once the live fabric has applied it. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TopologyProperties.class)
class TopologyConfiguration {

    @Bean
    AppliedBatchListener topologyFeed(TopologyChanges changes) {
        return changes::accept;
    }
}
