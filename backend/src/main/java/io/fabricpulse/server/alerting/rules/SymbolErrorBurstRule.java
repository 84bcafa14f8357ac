package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.fabric.PortView;

import java.time.Duration;

/**
 * A sudden burst of symbol errors: at least 'threshold' within a short 'window', whatever the link
 * speed. The BER rule judges the long-run quality; this one says "something just happened to this
 * cable" (unplugged, bent, a transceiver failing) at critical severity.
 */
public final class SymbolErrorBurstRule implements PortRule {

    public static final String NAME = "symbol-error-burst";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "SymbolErrorCounter rising by at least 'threshold' within 'window' (a sudden burst)";
    }

    @Override
    public RuleSettings defaults() {
        return new RuleSettings(true, Severity.CRITICAL, 100.0, Duration.ofMinutes(1), null, null,
                Duration.ofMinutes(2), null);
    }

    /** Symbol errors and the IB speed table are InfiniBand's: an Ethernet (RoCE) port has neither. */
    @Override
    public boolean appliesTo(PortView port) {
        return !port.ethernet();
    }

    @Override
    public Finding evaluate(PortSample sample, RuleSettings settings) {
        long sum = sample.windowSum(NAME, PortCounter.SymbolErrorCounter, settings.window());
        if (sum == 0 || sum < settings.threshold()) {
            return null;
        }
        String span = Durations.text(settings.window());
        return new Finding(PortCounter.SymbolErrorCounter.ibaName(), sum, settings.threshold(), "errors in " + span,
                "SymbolErrorCounter burst: +" + sum + " in " + span + ", limit " + Numbers.text(settings.threshold()));
    }
}
