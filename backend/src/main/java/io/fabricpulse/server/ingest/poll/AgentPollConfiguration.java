package io.fabricpulse.server.ingest.poll;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AgentPollProperties.class)
class AgentPollConfiguration {

    @Bean
    AgentPolls agentPolls(AgentPollProperties properties, Clock clock) {
        return new AgentPolls(properties, clock);
    }
}
