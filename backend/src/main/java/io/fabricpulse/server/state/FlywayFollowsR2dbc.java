package io.fabricpulse.server.state;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Points Flyway at the database the server uses: when {@code spring.flyway.url} is not set, it is
 * derived from {@code spring.r2dbc.url} (see {@link StateDatabaseUrl}), and Flyway's user and
 * password default to R2DBC's. Anything set explicitly under {@code spring.flyway.*} wins.
 *
 * <p>Why an environment post-processor: Spring Boot's Flyway auto-configuration only starts when it
 * sees a JDBC {@code DataSource} or {@code spring.flyway.url}; the server has no DataSource (it is
 * reactive: R2DBC), so the URL has to be in the environment before auto-configuration is decided.
 * Registered in {@code META-INF/spring.factories}; runs after the configuration files are loaded.
 */
public final class FlywayFollowsR2dbc implements EnvironmentPostProcessor {

    static final String SOURCE_NAME = "fabricpulseFlywayFromR2dbc";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String r2dbcUrl = environment.getProperty("spring.r2dbc.url");
        if (r2dbcUrl == null || r2dbcUrl.isBlank() || environment.containsProperty("spring.flyway.url")) {
            return;
        }
        StateDatabaseUrl database;
        try {
            database = StateDatabaseUrl.parse(r2dbcUrl);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("Cannot start the state store: " + e.getMessage(), e);
        }
        Map<String, Object> derived = new LinkedHashMap<>();
        derived.put("spring.flyway.url", database.jdbcUrl());
        putIfAbsent(environment, derived, "spring.flyway.user",
                environment.getProperty("spring.r2dbc.username", database.user() == null ? "" : database.user()));
        putIfAbsent(environment, derived, "spring.flyway.password",
                environment.getProperty("spring.r2dbc.password", database.password() == null ? "" : database.password()));
        environment.getPropertySources().addLast(new MapPropertySource(SOURCE_NAME, derived));
    }

    private static void putIfAbsent(ConfigurableEnvironment environment, Map<String, Object> derived, String key,
                                    String value) {
        if (!environment.containsProperty(key) && !value.isEmpty()) {
            derived.put(key, value);
        }
    }
}
