package io.fabricpulse.server.alerting.topology;

import io.fabricpulse.server.alerting.AlertEngine;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeNames;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The topology feature finds this listener among the {@code TopologyChangeListener} beans. */
@Configuration(proxyBeanMethods = false)
class TopologyAlertsConfiguration {

    @Bean
    TopologyAlerts topologyAlerts(AlertEngine engine, FabricView fabric, NodeNames names) {
        return new TopologyAlerts(engine, fabric, names);
    }
}
