package io.fabricpulse.server.web.settings;

import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.Severity;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Rule settings as the settings page shows and prefills them. */
class RuleFieldTest {

    @Test
    void numbersReadAsTypedBerSizedOnesWithAnExponent() {
        assertThat(List.of(100.0, 0.5, 0.05, 0.0, 1e-12, 1e-14, 2.5e12, 3.0))
                .extracting(SettingText::number)
                .containsExactly("100", "0.5", "0.05", "0", "1e-12", "1e-14", "2.5e12", "3");
        assertThat(SettingText.number(null)).isEqualTo(SettingText.UNSET);
    }

    @Test
    void durationsReadAsTheConfigurationWritesThem() {
        assertThat(List.of(Duration.ofSeconds(90), Duration.ofMinutes(5), Duration.ofHours(2), Duration.ZERO))
                .extracting(SettingText::duration)
                .containsExactly("90s", "5m", "2h", "0s");
    }

    @Test
    void theFormOffersOnlyTheKnobsTheRuleUsesWithTheStoredValueAndWhatIsInForce() {
        RuleSettings builtIn = new RuleSettings(true, Severity.CRITICAL, 100.0, Duration.ofMinutes(1), null, null,
                Duration.ofMinutes(2), null);
        RuleSettings inForce = new RuleSettings(true, Severity.WARNING, 25.0, Duration.ofMinutes(1), null, null,
                Duration.ofMinutes(2), null);
        RuleSettings stored = new RuleSettings(null, Severity.WARNING, 25.0, null, null, null, null, null);

        List<RuleField> fields = RuleField.of(builtIn, inForce, stored);

        assertThat(fields).extracting(RuleField::name)
                .containsExactly("enabled", "severity", "threshold", "window", "clearAfter");
        assertThat(fields).extracting(RuleField::value).containsExactly("", "warning", "25", "", "");
        assertThat(fields).extracting(RuleField::inForce).containsExactly("on", "warning", "25", "1m", "2m");
        assertThat(fields).extracting(RuleField::builtIn).containsExactly("on", "critical", "100", "1m", "2m");
        assertThat(fields).extracting(RuleField::kind)
                .containsExactly("enabled", "severity", "number", "duration", "duration");
    }

    @Test
    void anExpectedLinkKeepsItsCase() {
        RuleSettings expected = new RuleSettings(true, Severity.WARNING, null, null, null, null, Duration.ZERO, "4X EDR");

        assertThat(RuleField.of(expected, expected, RuleSettings.NONE)).filteredOn(field -> field.name().equals("expected"))
                .singleElement().satisfies(field -> {
                    assertThat(field.inForce()).isEqualTo("4X EDR");
                    assertThat(field.kind()).isEqualTo("text");
                });
    }
}
