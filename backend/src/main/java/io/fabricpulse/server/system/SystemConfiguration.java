package io.fabricpulse.server.system;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/**
 * The server's one clock (tests that need control over time provide a {@code @Primary Clock} bean) and
 * its name among replicas.
 */
@Configuration(proxyBeanMethods = false)
class SystemConfiguration {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    ReplicaName replicaName() {
        return ReplicaName.ofThisProcess();
    }
}
