package io.fabricpulse.server.sweeps;

import io.fabricpulse.server.state.StoreRounds;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SweepsProperties.class)
class SweepsConfiguration {

    @Bean
    SweepShards sweepShards(SweepRepository repository, SweepsProperties properties, Clock clock) {
        return new SweepShards(repository, properties, clock);
    }

    @Bean
    StoreRounds sweepRounds(SweepShards shards, SweepsProperties properties) {
        return new StoreRounds("sweep split", shards::replan, properties.planInterval());
    }
}
