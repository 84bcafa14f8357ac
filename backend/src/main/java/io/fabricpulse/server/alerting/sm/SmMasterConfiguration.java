package io.fabricpulse.server.alerting.sm;

import io.fabricpulse.server.alerting.AlertEngine;
import io.fabricpulse.server.alerting.RuleSettingsResolver;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** The pipeline tells this watch about every applied batch (it is an {@code AppliedBatchListener} bean). */
@Configuration(proxyBeanMethods = false)
class SmMasterConfiguration {

    @Bean
    SmMasterWatch smMasterWatch(AlertEngine engine, RuleSettingsResolver settings, Clock clock) {
        return new SmMasterWatch(engine, settings, clock);
    }
}
