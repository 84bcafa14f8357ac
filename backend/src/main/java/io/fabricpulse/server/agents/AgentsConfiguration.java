package io.fabricpulse.server.agents;

import io.fabricpulse.server.alerting.AlertEngine;
import io.fabricpulse.server.ingest.IngestService;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.security.token.AgentTokenStore;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;

/** Wires the agents feature: what agents may report ({@link AgentScopes}, ingest's admission) and their directory. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AgentsProperties.class)
class AgentsConfiguration {

    @Bean
    AgentRoster agentRoster(AgentsProperties properties, Clock clock) {
        return new AgentRoster(properties, clock);
    }

    @Bean
    NodeOwners nodeOwners(AgentRepository agents, Clock clock) {
        return new NodeOwners(agents, clock);
    }

    @Bean
    CableClaims cableClaims(AgentsProperties properties) {
        return new CableClaims(properties.cableClaimTtl());
    }

    @Bean
    AgentScopes agentScopes(AgentRoster roster, NodeOwners owners, CableClaims cables, AgentRepository agents,
                            AuditLogRepository audit, AgentsProperties properties, Clock clock) {
        return new AgentScopes(roster, owners, cables, new AgentRefusals(audit, clock, properties.refusalAuditInterval()),
                agents, properties, clock);
    }

    @Bean
    AgentDirectory agentDirectory(AgentTokenStore tokens, AgentRepository agents, AgentScopes scopes, AgentRoster roster,
                                  NodeOwners owners, IngestService ingest, AlertEngine alerts,
                                  AuditLogRepository audit, Clock clock) {
        return new AgentDirectory(tokens, agents, scopes, roster, owners, ingest, alerts, audit, clock);
    }

    @Bean
    AgentForgetting agentForgetting(AgentRoster roster, CableClaims cables, AgentDirectory directory,
                                    AgentsProperties properties, Clock clock) {
        return new AgentForgetting(roster, cables, directory, properties.forgetAfter(), clock);
    }
}
