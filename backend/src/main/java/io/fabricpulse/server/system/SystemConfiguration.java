package io.fabricpulse.server.system;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/**
 * The server's one clock (tests that need control over time provide a {@code @Primary Clock} bean), its
 * name among replicas, and its web server's limits for slow clients.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(HttpTimeoutsProperties.class)
class SystemConfiguration {

    /** Time limits for slow clients (headers and bodies trickled a byte at a time). */
    @Bean
    NettyServerCustomizer slowClients(HttpTimeoutsProperties timeouts) {
        return new SlowClients(timeouts);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    ReplicaName replicaName() {
        return ReplicaName.ofThisProcess();
    }
}
