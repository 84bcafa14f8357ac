package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.Severity;

import java.time.Duration;
import java.util.List;

/**
 * An error counter rising by at least 'threshold' within 'window'. One instance per counter of
 * ibqueryerrors' list; the defaults are its thresholds (docs/FABRIC.md) applied to the increase in
 * five minutes rather than to the count since the last clear, so an alert resolves once the counter
 * stops rising, and UFM's event defaults where it has one (PortXmitDiscards 200 per 300 s,
 * VL15Dropped 50). LinkDownedCounter and LinkErrorRecoveryCounter alert on every increment.
 */
public final class CounterIncreaseRule implements PortRule {

    private final String name;
    private final PortCounter counter;
    private final RuleSettings defaults;

    public CounterIncreaseRule(String name, PortCounter counter, Severity severity, double threshold) {
        this.name = name;
        this.counter = counter;
        this.defaults = new RuleSettings(true, severity, threshold, Duration.ofMinutes(5), null, null,
                Duration.ofMinutes(5), null);
    }

    /** The rules for every error counter but SymbolErrorCounter (that one is judged by BER). */
    public static List<CounterIncreaseRule> ibqueryerrorsList() {
        return List.of(
                new CounterIncreaseRule("link-downed", PortCounter.LinkDownedCounter, Severity.CRITICAL, 1),
                new CounterIncreaseRule("link-error-recovery", PortCounter.LinkErrorRecoveryCounter, Severity.WARNING, 1),
                new CounterIncreaseRule("rcv-errors", PortCounter.PortRcvErrors, Severity.WARNING, 10),
                new CounterIncreaseRule("rcv-remote-physical-errors", PortCounter.PortRcvRemotePhysicalErrors,
                        Severity.WARNING, 100),
                new CounterIncreaseRule("rcv-switch-relay-errors", PortCounter.PortRcvSwitchRelayErrors,
                        Severity.WARNING, 100),
                new CounterIncreaseRule("xmit-discards", PortCounter.PortXmitDiscards, Severity.WARNING, 200),
                new CounterIncreaseRule("xmit-constraint-errors", PortCounter.PortXmitConstraintErrors,
                        Severity.WARNING, 100),
                new CounterIncreaseRule("rcv-constraint-errors", PortCounter.PortRcvConstraintErrors,
                        Severity.WARNING, 100),
                new CounterIncreaseRule("local-link-integrity-errors", PortCounter.LocalLinkIntegrityErrors,
                        Severity.WARNING, 10),
                new CounterIncreaseRule("excessive-buffer-overrun", PortCounter.ExcessiveBufferOverrunErrors,
                        Severity.WARNING, 10),
                new CounterIncreaseRule("vl15-dropped", PortCounter.VL15Dropped, Severity.WARNING, 50));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return counter.ibaName() + " rising by at least 'threshold' within 'window'";
    }

    @Override
    public RuleSettings defaults() {
        return defaults;
    }

    @Override
    public Finding evaluate(PortSample sample, RuleSettings settings) {
        long sum = sample.windowSum(name, counter, settings.window());
        if (sum == 0 || sum < settings.threshold()) {
            return null;
        }
        String span = Durations.text(settings.window());
        return new Finding(counter.ibaName(), sum, settings.threshold(), "in " + span,
                counter.ibaName() + " +" + sum + " in " + span + ", limit " + Numbers.text(settings.threshold()));
    }
}
