package io.fabricpulse.server.commands;

import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.ingest.poll.AgentPolls;
import io.fabricpulse.server.fabric.counterclear.CounterClearRepository;
import io.fabricpulse.server.security.audit.AuditTrail;
import io.fabricpulse.server.sm.SubnetManagerRegistry;
import io.fabricpulse.server.state.StoreRounds;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(CommandsProperties.class)
class CommandsConfiguration {

    @Bean
    PortCommands portCommands(CommandRepository repository, CounterClearRepository clears, AuditTrail audit,
                              FabricView fabric, SubnetManagerRegistry managers, AgentPolls polls,
                              CommandsProperties properties, Clock clock) {
        return new PortCommands(repository, clears, audit, fabric, managers, polls, properties, clock);
    }

    /** Every poll interval: expire overdue orders, then read the queued ones again (the orders wait out a failure). */
    @Bean
    StoreRounds commandRounds(PortCommands commands, CommandsProperties properties) {
        return new StoreRounds("agent command", () -> commands.expireOverdue().then(commands.refresh()),
                properties.pollInterval());
    }
}
