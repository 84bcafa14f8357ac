package io.fabricpulse.server.alerting;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;
import java.util.Map;

/**
 * {@code fabricpulse.alerts.*}: rule settings over the built-in defaults, per cluster too, and the
 * engine's timing. application.yml documents every key and the defaults.
 *
 * @param rules             per rule name, settings over the built-in ones
 * @param clusters          per cluster name, then per rule name, settings over {@code rules}
 * @param flapWindow        an alert that resolved and fired again this many times ({@code maxFlaps})
 *                          within this window is flapping: it stays open until clean for the window
 * @param maxFlaps          how many re-firings within {@code flapWindow} make an alert flapping
 * @param sweepInterval     how often hysteresis, agent silence and silences are looked at
 * @param reconcileInterval how often open alerts, silences, clusters and rule settings are re-read
 *                          from the state store (what other replicas changed)
 * @param writeQueue        alert changes waiting to be written; beyond it the engine drops new firings
 */
@ConfigurationProperties("fabricpulse.alerts")
public record AlertsProperties(Map<String, RuleSettings> rules, Map<String, Map<String, RuleSettings>> clusters,
                               @DefaultValue("30m") Duration flapWindow, @DefaultValue("3") int maxFlaps,
                               @DefaultValue("1s") Duration sweepInterval,
                               @DefaultValue("15s") Duration reconcileInterval,
                               @DefaultValue("10000") int writeQueue) {

    public AlertsProperties {
        rules = rules == null ? Map.of() : Map.copyOf(rules);
        clusters = clusters == null ? Map.of() : Map.copyOf(clusters);
        if (maxFlaps < 1) {
            throw new IllegalArgumentException("fabricpulse.alerts.max-flaps must be at least 1, got " + maxFlaps);
        }
        if (writeQueue < 1) {
            throw new IllegalArgumentException("fabricpulse.alerts.write-queue must be at least 1, got " + writeQueue);
        }
    }

    /** Everything at its default: for tests and tools. */
    public static AlertsProperties defaults() {
        return new AlertsProperties(Map.of(), Map.of(), Duration.ofMinutes(30), 3, Duration.ofSeconds(1),
                Duration.ofSeconds(15), 10000);
    }
}
