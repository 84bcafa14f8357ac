package io.fabricpulse.server.state;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.MapPropertySource;
import org.springframework.mock.env.MockEnvironment;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class FlywayFollowsR2dbcTest {

    private static MockEnvironment processed(MockEnvironment environment) {
        new FlywayFollowsR2dbc().postProcessEnvironment(environment, null);
        return environment;
    }

    @Test
    void flywayMigratesTheDatabaseR2dbcUsesWithTheSameCredentials() {
        MockEnvironment environment = processed(new MockEnvironment()
                .withProperty("spring.r2dbc.url", "r2dbc:postgresql://db:5432/fabricpulse?sslMode=require")
                .withProperty("spring.r2dbc.username", "fp")
                .withProperty("spring.r2dbc.password", "secret"));

        assertThat(environment.getProperty("spring.flyway.url")).isEqualTo("jdbc:postgresql://db:5432/fabricpulse?sslmode=require");
        assertThat(environment.getProperty("spring.flyway.user")).isEqualTo("fp");
        assertThat(environment.getProperty("spring.flyway.password")).isEqualTo("secret");
    }

    @Test
    void credentialsInTheR2dbcUrlServeFlywayToo() {
        MockEnvironment environment = processed(new MockEnvironment()
                .withProperty("spring.r2dbc.url", "r2dbc:postgresql://fp:secret@db/fabricpulse"));

        assertThat(environment.getProperty("spring.flyway.user")).isEqualTo("fp");
        assertThat(environment.getProperty("spring.flyway.password")).isEqualTo("secret");
    }

    @Test
    void whatIsSetForFlywayWins() {
        MockEnvironment environment = processed(new MockEnvironment()
                .withProperty("spring.r2dbc.url", "r2dbc:postgresql://db/fabricpulse")
                .withProperty("spring.r2dbc.username", "app")
                .withProperty("spring.flyway.user", "owner"));
        assertThat(environment.getProperty("spring.flyway.url")).isEqualTo("jdbc:postgresql://db/fabricpulse");
        assertThat(environment.getProperty("spring.flyway.user")).isEqualTo("owner");

        MockEnvironment explicit = processed(new MockEnvironment()
                .withProperty("spring.r2dbc.url", "r2dbc:mysql://unsupported/but/not/asked")
                .withProperty("spring.flyway.url", "jdbc:postgresql://elsewhere/fp"));
        assertThat(explicit.getProperty("spring.flyway.url")).isEqualTo("jdbc:postgresql://elsewhere/fp");
        assertThat(explicit.getProperty("spring.flyway.user")).isNull();
    }

    @Test
    void aDatabaseConfiguredLaterIsFollowed() {
        MockEnvironment environment = processed(new MockEnvironment()
                .withProperty("spring.r2dbc.url", "r2dbc:h2:mem:///tests?options=DB_CLOSE_DELAY=-1"));
        assertThat(environment.getProperty("spring.flyway.url")).isEqualTo("jdbc:h2:mem:tests;DB_CLOSE_DELAY=-1");

        // As a test's dynamic properties are added: after the environment was prepared, ahead of the rest.
        environment.getPropertySources().addFirst(new MapPropertySource("later", Map.of(
                "spring.r2dbc.url", "r2dbc:postgresql://127.0.0.1:40123/fp_x", "spring.r2dbc.username", "fp_x")));

        assertThat(environment.getProperty("spring.flyway.url")).isEqualTo("jdbc:postgresql://127.0.0.1:40123/fp_x");
        assertThat(environment.getProperty("spring.flyway.user")).isEqualTo("fp_x");
    }

    @Test
    void springBootsOwnBindingFindsTheDerivedUrl() {
        MockEnvironment environment = processed(new MockEnvironment()
                .withProperty("spring.r2dbc.url", "r2dbc:postgresql://db/fabricpulse"));
        ConfigurationPropertySources.attach(environment);

        // Guarded: a property source that nests the environment makes Boot's lookup loop forever.
        String url = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> Binder.get(environment).bind("spring.flyway.url", String.class).orElse(null));

        assertThat(url).isEqualTo("jdbc:postgresql://db/fabricpulse");
        assertThat(environment.getProperty("spring.flyway.url")).isEqualTo(url);
    }

    @Test
    void anUnusableR2dbcUrlStopsTheStartWithTheReason() {
        MockEnvironment unusable = processed(new MockEnvironment().withProperty("spring.r2dbc.url", "r2dbc:mysql://db/fp"));
        assertThatThrownBy(() -> unusable.getProperty("spring.flyway.url"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Cannot start the state store: the state store supports H2 and PostgreSQL");
        assertThat(processed(new MockEnvironment()).getProperty("spring.flyway.url")).isNull();
    }
}
