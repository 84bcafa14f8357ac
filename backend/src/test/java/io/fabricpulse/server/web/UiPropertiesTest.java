package io.fabricpulse.server.web;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.validation.autoconfigure.ValidationAutoConfiguration;

import java.time.Duration;
import java.time.ZoneId;

import static org.assertj.core.api.Assertions.assertThat;

class UiPropertiesTest {

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(ValidationAutoConfiguration.class))
            .withUserConfiguration(WebConfiguration.class);

    @Test
    void defaultsSuitAWallScreen() {
        context.run(started -> {
            UiProperties ui = started.getBean(UiProperties.class);
            assertThat(ui.maxRows()).isEqualTo(100);
            assertThat(ui.timeZone()).isEqualTo(ZoneId.systemDefault());
            assertThat(ui.liveInterval()).isEqualTo(Duration.ofSeconds(1));
            assertThat(ui.keepAlive()).isEqualTo(Duration.ofSeconds(15));
        });
    }

    @Test
    void bindsWhatOperatorsWrite() {
        context.withPropertyValues("fabricpulse.ui.max-rows=250", "fabricpulse.ui.time-zone=Europe/Berlin",
                        "fabricpulse.ui.live-interval=2s", "fabricpulse.ui.keep-alive=30s")
                .run(started -> {
                    UiProperties ui = started.getBean(UiProperties.class);
                    assertThat(ui.maxRows()).isEqualTo(250);
                    assertThat(ui.timeZone()).isEqualTo(ZoneId.of("Europe/Berlin"));
                    assertThat(ui.liveInterval()).isEqualTo(Duration.ofSeconds(2));
                    assertThat(ui.keepAlive()).isEqualTo(Duration.ofSeconds(30));
                });
    }

    @Test
    void refusesToStartWithSettingsThatCannotWorkAndSaysWhich() {
        assertStartFails("fabricpulse.ui.max-rows=0", "fabricpulse.ui.max-rows");
        assertStartFails("fabricpulse.ui.max-rows=many", "fabricpulse.ui.max-rows");
        assertStartFails("fabricpulse.ui.time-zone=Mars/Olympus", "fabricpulse.ui.time-zone");
        assertStartFails("fabricpulse.ui.live-interval=0s", "fabricpulse.ui.live-interval must be positive");
        assertStartFails("fabricpulse.ui.keep-alive=-5s", "fabricpulse.ui.keep-alive must be positive");
    }

    private void assertStartFails(String property, String message) {
        context.withPropertyValues(property).run(started -> {
            assertThat(started).hasFailed();
            assertThat(causes(started.getStartupFailure())).as(property).contains(message);
        });
    }

    private static String causes(Throwable failure) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append('\n');
        }
        return all.toString();
    }
}
