package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.Severity;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * A counter latched at its maximum: it no longer counts, so no rate and no other rule can see new
 * errors on it until someone clears the counters (docs/FABRIC.md: a latched counter means "at least
 * this many", never zero).
 */
public final class CounterSaturatedRule implements PortRule {

    public static final String NAME = "counter-saturated";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "A counter latched at its maximum: blind until the port's counters are cleared";
    }

    @Override
    public RuleSettings defaults() {
        return new RuleSettings(true, Severity.WARNING, null, null, null, null, Duration.ZERO, null);
    }

    @Override
    public Finding evaluate(PortSample sample, RuleSettings settings) {
        Map<String, Instant> saturated = sample.view().saturated();
        if (saturated.isEmpty()) {
            return null;
        }
        String counters = String.join(", ", saturated.keySet().stream().sorted().toList());
        Instant since = saturated.values().stream().min(Instant::compareTo).orElseThrow();
        return new Finding(counters, saturated.size(), 0, "counters latched",
                counters + " latched at the maximum since " + since + "; clear the counters to see new errors");
    }
}
