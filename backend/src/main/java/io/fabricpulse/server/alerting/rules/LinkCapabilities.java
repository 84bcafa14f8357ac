package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.fabric.PortView;

/**
 * What width and speed a port should run at. The seam for the link-degraded rule: the agents report
 * the widths and speeds a port supports ({@code PortReport.linkWidthSupported/linkSpeedSupported}),
 * but the live fabric's {@link PortView} does not carry them yet; until it does, the operator says
 * what the fabric should run at in the rule's {@code expected} setting ("4X EDR", per cluster where
 * clusters differ), which {@link #fromSettings()} reads. A PortView-based implementation replaces it
 * in {@link io.fabricpulse.server.alerting.RuleCatalog} in one line.
 */
@FunctionalInterface
public interface LinkCapabilities {

    /** The best width and speed the port can run at, or null when unknown (the rule stays silent). */
    Capability of(PortView port, RuleSettings settings);

    record Capability(LinkWidth width, LinkSpeed speed) {
    }

    /** Reads {@code expected} ("4X EDR", "4X", "EDR"); null when not set. */
    static LinkCapabilities fromSettings() {
        return (port, settings) -> parse(settings.expected());
    }

    /** "4X EDR" and its parts; null for null, blank. @throws IllegalArgumentException naming the bad word */
    static Capability parse(String expected) {
        if (expected == null || expected.isBlank()) {
            return null;
        }
        LinkWidth width = null;
        LinkSpeed speed = null;
        for (String word : expected.strip().split("\\s+")) {
            LinkWidth w = LinkWidth.ofLabel(word);
            LinkSpeed s = LinkSpeed.ofName(word);
            if (w != null) {
                width = w;
            } else if (s != null) {
                speed = s;
            } else {
                throw new IllegalArgumentException("'" + word + "' is neither a link width (1X, 2X, 4X, 8X, 12X) "
                        + "nor a speed (SDR ... XDR)");
            }
        }
        return new Capability(width, speed);
    }
}
