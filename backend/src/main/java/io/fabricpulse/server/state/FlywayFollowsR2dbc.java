package io.fabricpulse.server.state;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertySource;

/**
 * Points Flyway at the database the server uses: unless {@code spring.flyway.url} is set, it is
 * derived from {@code spring.r2dbc.url} (see {@link StateDatabaseUrl}), and Flyway's user and
 * password default to R2DBC's. Anything set under {@code spring.flyway.*} wins.
 *
 * <p>Why an environment post-processor: Spring Boot's Flyway auto-configuration only starts when it
 * sees a JDBC {@code DataSource} or {@code spring.flyway.url}; the server has no DataSource (it is
 * reactive: R2DBC), so the URL has to be in the environment before auto-configuration is decided.
 * The values are derived when they are read, not copied when the environment is prepared, so
 * property sources added later (a test's dynamic properties, for one) are followed too. Registered
 * in {@code META-INF/spring.factories}.
 */
public final class FlywayFollowsR2dbc implements EnvironmentPostProcessor {

    static final String SOURCE_NAME = "fabricpulseFlywayFromR2dbc";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        // Last: every other source, explicit spring.flyway.* included, is asked first.
        environment.getPropertySources().addLast(new Derived(environment));
    }

    /**
     * Answers spring.flyway.url, .user and .password from the R2DBC settings at the time they are read.
     * The environment is a field, not the property source's "source": Spring Boot descends into a
     * source that is an environment, and would find this one inside itself again, without end.
     */
    private static final class Derived extends PropertySource<Object> {

        private final ConfigurableEnvironment environment;

        Derived(ConfigurableEnvironment environment) {
            super(SOURCE_NAME, new Object());
            this.environment = environment;
        }

        @Override
        public Object getProperty(String name) {
            return switch (name) {
                case "spring.flyway.url" -> {
                    StateDatabaseUrl database = database();
                    yield database == null ? null : database.jdbcUrl();
                }
                case "spring.flyway.user" -> credential("spring.r2dbc.username", true);
                case "spring.flyway.password" -> credential("spring.r2dbc.password", false);
                default -> null;
            };
        }

        /** The R2DBC setting, else the one embedded in the R2DBC URL; null when neither is there. */
        private String credential(String r2dbcProperty, boolean user) {
            String configured = environment.getProperty(r2dbcProperty);
            if (configured != null && !configured.isEmpty()) {
                return configured;
            }
            try {
                StateDatabaseUrl database = database();
                return database == null ? null : user ? database.user() : database.password();
            } catch (IllegalStateException unusable) {
                // Only the URL itself reports an unusable R2DBC URL; credentials just have no default.
                return null;
            }
        }

        private StateDatabaseUrl database() {
            String r2dbcUrl = environment.getProperty("spring.r2dbc.url");
            if (r2dbcUrl == null || r2dbcUrl.isBlank()) {
                return null;
            }
            try {
                return StateDatabaseUrl.parse(r2dbcUrl);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("Cannot start the state store: " + e.getMessage(), e);
            }
        }
    }
}
