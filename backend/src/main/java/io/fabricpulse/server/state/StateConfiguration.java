package io.fabricpulse.server.state;

import io.r2dbc.pool.ConnectionPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;

/**
 * The state store: Spring Boot configures R2DBC ({@code spring.r2dbc.*}) and Flyway (its URL derived
 * by {@link FlywayFollowsR2dbc}); the repositories, and the stores with behaviour of their own, are
 * components of their feature packages; this binds {@code fabricpulse.state.*}, keeps the files private
 * ({@link PrivateStateFiles}) and says at startup where the data is.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(StateProperties.class)
class StateConfiguration {

    private static final Logger log = LoggerFactory.getLogger(StateConfiguration.class);

    /** Before anything opens them: the data directory and the H2 file are the server's alone. */
    @Bean
    static PrivateStateFiles privateStateFiles(Environment environment) {
        return new PrivateStateFiles(environment);
    }

    /** The connection pool Boot builds, its connections handed over on the store's own threads ({@link StatementThreads}). */
    @Bean
    static BeanPostProcessor statementThreads() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                return bean instanceof ConnectionPool pool ? new StatementThreads(pool) : bean;
            }
        };
    }

    /** Flyway logs the schema version itself; this says where the data lives, as a path or host. */
    @EventListener(ApplicationReadyEvent.class)
    void sayWhereTheDataIs(ApplicationReadyEvent ready) {
        Environment environment = ready.getApplicationContext().getEnvironment();
        StateDatabaseUrl database = StateDatabaseUrl.parse(environment.getRequiredProperty("spring.r2dbc.url"));
        log.info("State store: {}. Change it with spring.r2dbc.url (SPRING_R2DBC_URL, e.g. "
                + "r2dbc:postgresql://host:5432/fabricpulse) or FABRICPULSE_DATA_DIR", database.where());
    }
}
