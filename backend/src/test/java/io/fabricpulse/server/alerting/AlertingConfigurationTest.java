package io.fabricpulse.server.alerting;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** application.yml mistakes in fabricpulse.alerts are named precisely, with where they are. */
class AlertingConfigurationTest {

    @Test
    void unknownRulesAndOutOfRangeValuesAreListedWithTheirKeys() {
        AlertsProperties properties = new AlertsProperties(
                Map.of("symbol-error-bre", RuleSettings.NONE,
                        "xmit-wait", new RuleSettings(null, null, -0.5, Duration.ZERO, null, null, null, null)),
                Map.of("pod-a", Map.of("link-downed", new RuleSettings(null, null, null, null, null, null,
                        Duration.ofDays(2), null))),
                Duration.ofMinutes(30), 3, Duration.ofSeconds(1), Duration.ofSeconds(15), 10);

        assertThat(AlertingConfiguration.configurationProblems(RuleCatalog.standard(), properties))
                .anyMatch(p -> p.startsWith("fabricpulse.alerts.rules.symbol-error-bre: no such rule; known: "
                        + "symbol-error-ber, symbol-error-burst"))
                .contains("fabricpulse.alerts.rules.xmit-wait.threshold: must be a finite number >= 0, got -0.5",
                        "fabricpulse.alerts.rules.xmit-wait.window: must be from 1s to 1d, got PT0S",
                        "fabricpulse.alerts.clusters.pod-a.link-downed.clearAfter: must be from 0s to 1d, got PT48H")
                .hasSize(4);
        assertThat(AlertingConfiguration.configurationProblems(RuleCatalog.standard(), AlertsProperties.defaults()))
                .isEmpty();
    }

    @Test
    void settingsLayerAsDocumentedPerCluster() {
        AlertsProperties properties = new AlertsProperties(
                Map.of("xmit-discards", new RuleSettings(null, Severity.CRITICAL, 300.0, null, null, null, null, null)),
                Map.of("pod-a", Map.of("xmit-discards", new RuleSettings(false, null, 100.0, null, null, null, null,
                        null))),
                Duration.ofMinutes(30), 3, Duration.ofSeconds(1), Duration.ofSeconds(15), 10);
        RuleSettingsResolver resolver = new RuleSettingsResolver(RuleCatalog.standard(), properties);

        RuleSettings anywhere = resolver.effective("xmit-discards", null);
        assertThat(anywhere.threshold()).isEqualTo(300.0);
        assertThat(anywhere.severity()).isEqualTo(Severity.CRITICAL);
        assertThat(anywhere.window()).isEqualTo(Duration.ofMinutes(5));
        assertThat(resolver.effective("xmit-discards", "pod-a").switchedOn()).isFalse();

        resolver.replaceStored(Map.of(
                new RuleSettingsResolver.StoredKey("xmit-discards", RuleSettingsResolver.ALL_CLUSTERS),
                new RuleSettings(null, null, 250.0, null, null, null, null, null),
                new RuleSettingsResolver.StoredKey("xmit-discards", "pod-a"),
                new RuleSettings(true, null, null, null, null, null, null, null)));
        assertThat(resolver.effective("xmit-discards", null).threshold()).isEqualTo(250.0);
        RuleSettings podA = resolver.effective("xmit-discards", "pod-a");
        assertThat(podA.switchedOn()).isTrue();
        assertThat(podA.threshold()).isEqualTo(250.0);
    }
}
