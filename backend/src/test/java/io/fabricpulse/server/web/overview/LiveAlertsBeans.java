package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.alerting.Silences;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

import java.time.Clock;

/** What the overview's alert strip ({@code LiveAlerts} over {@code AlertViews}) needs beyond the page's state store. */
@TestConfiguration(proxyBeanMethods = false)
class LiveAlertsBeans {

    @Bean
    Silences silences() {
        return new Silences();
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
