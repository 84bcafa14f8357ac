package io.fabricpulse.server.sweeps;

import io.fabricpulse.server.ingest.poll.AgentPolls;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SweepsProperties.class)
class SweepsConfiguration {

    /** Also the lifecycle of its plan rounds and of its reading of departures. */
    @Bean
    SweepShards sweepShards(SweepRepository repository, SweepsProperties properties, AgentPolls polls, Clock clock) {
        return new SweepShards(repository, properties, polls, clock);
    }
}
