package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.Severity;

import java.time.Duration;
import java.util.Locale;

/**
 * Congestion: the share of PortXmitWait among PortXmitWait plus PortXmitData over 'window', at
 * least 'threshold'. The tick of PortXmitWait is device-specific (docs/FABRIC.md), so the share of
 * the interval cannot be known in general; set against the data sent in the same window it is
 * comparable across ports and 0 to 1 (1: waiting and sending nothing, credit starvation).
 */
public final class XmitWaitShareRule implements PortRule {

    public static final String NAME = "xmit-wait";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "PortXmitWait / (PortXmitWait + PortXmitData) over 'window' at least 'threshold' (0..1): congestion";
    }

    @Override
    public RuleSettings defaults() {
        return new RuleSettings(true, Severity.WARNING, 0.5, Duration.ofMinutes(1), null, null,
                Duration.ofMinutes(5), null);
    }

    @Override
    public Finding evaluate(PortSample sample, RuleSettings settings) {
        long wait = sample.windowSum(NAME + ":wait", PortCounter.PortXmitWait, settings.window());
        if (wait == 0) {
            return null;
        }
        long data = sample.windowSum(NAME + ":data", PortCounter.PortXmitData, settings.window());
        double share = (double) wait / ((double) wait + (double) data);
        if (share < settings.threshold()) {
            return null;
        }
        return new Finding(PortCounter.PortXmitWait.ibaName(), share, settings.threshold(), "share",
                String.format(Locale.ROOT, "PortXmitWait share %.0f%% in %s (wait %d ticks, sent %d words), limit %.0f%%",
                        share * 100, Durations.text(settings.window()), wait, data, settings.threshold() * 100));
    }
}
