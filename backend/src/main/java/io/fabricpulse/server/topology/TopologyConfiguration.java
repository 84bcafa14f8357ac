package io.fabricpulse.server.topology;

import io.fabricpulse.server.pipeline.AppliedBatchListener;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Wires the topology feature into ingest: the live topology and the cable history see every batch once the
 * live fabric has applied it, before the other features' listeners: those read the topology with the batch in. The
 * cables the topology sees gone go to the cable history, which keeps when.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TopologyProperties.class)
class TopologyConfiguration {

    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    AppliedBatchListener topologyFeed(TopologyChanges changes, CableHistory history) {
        return (batch, judgedElsewhere) -> {
            history.record(batch, judgedElsewhere);
            history.lost(changes.accept(batch), judgedElsewhere);
        };
    }
}
