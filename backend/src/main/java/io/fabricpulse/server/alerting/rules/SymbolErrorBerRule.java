package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.fabric.PortView;

import java.time.Duration;
import java.util.Locale;

/**
 * UFM's link-health rule (docs/FABRIC.md): symbol errors in a window against what the bit error rate
 * allows at the link's active width and speed, limit = data rate x window x BER. Two windows: 12
 * minutes at 1e-14 catches a bad cable fast, 125 minutes at 1e-15 catches a slowly bad one (about 3
 * errors in 125 minutes on NDR 4X). A link whose speed or width is unknown (down) is not judged.
 */
public final class SymbolErrorBerRule implements PortRule {

    public static final String NAME = "symbol-error-ber";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "SymbolErrorCounter increase in 'window' above data rate x window x 'threshold' (a BER), or in "
                + "'longWindow' above data rate x longWindow x 'longThreshold' (UFM's two-window link-health rule)";
    }

    @Override
    public RuleSettings defaults() {
        return new RuleSettings(true, Severity.WARNING, 1e-14, Duration.ofMinutes(12), 1e-15,
                Duration.ofMinutes(125), Duration.ofMinutes(1), null);
    }

    /** Symbol errors and the IB speed table are InfiniBand's: an Ethernet (RoCE) port has neither. */
    @Override
    public boolean appliesTo(PortView port) {
        return !port.ethernet();
    }

    @Override
    public Finding evaluate(PortSample sample, RuleSettings settings) {
        long shortSum = sample.windowSum(NAME + ":short", PortCounter.SymbolErrorCounter, settings.window());
        long longSum = sample.windowSum(NAME + ":long", PortCounter.SymbolErrorCounter, settings.longWindow());
        LinkWidth width = LinkWidth.ofLabel(sample.view().linkWidth());
        LinkSpeed speed = LinkSpeed.ofName(sample.view().linkSpeed());
        if (width == null || speed == null || (shortSum == 0 && longSum == 0)) {
            return null;
        }
        double bitsPerSecond = speed.dataRateBitsPerSecond(width);
        double shortLimit = bitsPerSecond * settings.window().toSeconds() * settings.threshold();
        double longLimit = bitsPerSecond * settings.longWindow().toSeconds() * settings.longThreshold();
        String link = width.label() + " " + speed.name();
        if (shortSum > shortLimit) {
            return finding(shortSum, shortLimit, settings.window(), settings.threshold(), link);
        }
        if (longSum > longLimit) {
            return finding(longSum, longLimit, settings.longWindow(), settings.longThreshold(), link);
        }
        return null;
    }

    private static Finding finding(long errors, double limit, Duration window, double ber, String link) {
        String span = Durations.text(window);
        return new Finding(PortCounter.SymbolErrorCounter.ibaName(), errors, limit, "errors in " + span,
                String.format(Locale.ROOT, "SymbolErrorCounter +%d in %s, above %.2f (BER %.0e at %s)",
                        errors, span, limit, ber, link));
    }
}
