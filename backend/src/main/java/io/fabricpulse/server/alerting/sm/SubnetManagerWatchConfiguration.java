package io.fabricpulse.server.alerting.sm;

import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertEngine;
import io.fabricpulse.server.alerting.RuleSettingsResolver;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.PortView;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** The subnet manager registry finds this watch among its {@code SubnetManagerListener} beans. */
@Configuration(proxyBeanMethods = false)
class SubnetManagerWatchConfiguration {

    @Bean
    SubnetManagerWatch subnetManagerWatch(AlertEngine engine, RuleSettingsResolver settings, FabricView fabric,
                                          Clock clock) {
        // Only when an alert is raised: a scan of the live ports for the one answering at the SM's LID.
        return new SubnetManagerWatch(engine, settings, lid -> fabric.ports(p -> p.lid() == lid).stream()
                .findFirst().map(SubnetManagerWatchConfiguration::end).orElse(null), clock);
    }

    private static AlertEnd end(PortView port) {
        return new AlertEnd(port.nodeGuid(), port.nodeName(), port.nodeType(), port.portNumber(), port.lid(), true);
    }
}
