package io.fabricpulse.server.security.token;

import io.fabricpulse.server.security.SecurityProperties;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.state.StateProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.reactive.TransactionalOperator;

import java.security.SecureRandom;
import java.time.Clock;

/**
 * The token stores: agent tokens, with the cache and last-used settings of {@code fabricpulse.state.*}, and
 * API tokens, with those of {@code fabricpulse.security.*}.
 */
@Configuration(proxyBeanMethods = false)
class TokenConfiguration {

    @Bean
    AgentTokenStore agentTokenStore(AgentTokenRepository tokens, AuditLogRepository audit,
                                    TransactionalOperator transaction, Clock clock, StateProperties properties) {
        return new AgentTokenStore(tokens, audit, transaction, new AgentTokenSecrets(new SecureRandom()), clock,
                properties.agentTokenCache(), properties.agentTokenLastUsedInterval());
    }

    @Bean
    ApiTokenStore apiTokenStore(ApiTokenRepository tokens, AuditLogRepository audit, TransactionalOperator transaction,
                                Clock clock, SecurityProperties security) {
        return new ApiTokenStore(tokens, audit, transaction, new SecureRandom(), clock, security.apiTokenCache(),
                security.apiTokenLastUsedInterval());
    }
}
