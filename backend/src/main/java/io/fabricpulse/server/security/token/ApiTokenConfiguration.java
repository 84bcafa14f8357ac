package io.fabricpulse.server.security.token;

import io.fabricpulse.server.security.SecurityProperties;
import io.fabricpulse.server.state.audit.AuditLogRepository;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.reactive.TransactionalOperator;

import java.security.SecureRandom;
import java.time.Clock;

/** The API token store, with the cache and last-used settings of {@code fabricpulse.security.*}. */
@Configuration(proxyBeanMethods = false)
class ApiTokenConfiguration {

    @Bean
    ApiTokenStore apiTokenStore(ApiTokenRepository tokens, AuditLogRepository audit, TransactionalOperator transaction,
                                Clock clock, SecurityProperties security) {
        return new ApiTokenStore(tokens, audit, transaction, new SecureRandom(), clock, security.apiTokenCache(),
                security.apiTokenLastUsedInterval());
    }
}
