package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.fabric.PortView;

/**
 * What width and speed a link should run at: by default the best its two ends both support and enable
 * (PortInfo LinkWidth/Speed Supported and Enabled, what {@code iblinkinfo} prints as "Could be"); where the
 * operator says otherwise for a cluster, the rule's {@code expected} setting ("4X EDR").
 */
public final class LinkCapabilities {

    private LinkCapabilities() {
    }

    /** The width and speed a link can run at; a part is null when unknown. */
    public record Capability(LinkWidth width, LinkSpeed speed) {
    }

    /**
     * {@code expected} when set, else the best both ends have in common. The far end's capability is its
     * own report's when it has one, else what this port's agent read of it over the cable.
     *
     * @return null when nothing is known (a source that cannot read capabilities: sysfs)
     */
    static Capability of(PortView port, PortView far, RuleSettings settings) {
        Capability expected = parse(settings.expected());
        if (expected != null) {
            return expected;
        }
        PortCapability mine = port.capability();
        PortCapability theirs = far == null ? PortCapability.UNKNOWN : far.capability();
        if (!theirs.knowsWidths() && !theirs.knowsSpeeds()) {
            theirs = port.peerCapability();
        }
        LinkWidth width = mine.bestCommonWidth(theirs);
        LinkSpeed speed = mine.bestCommonSpeed(theirs);
        return width == null && speed == null ? null : new Capability(width, speed);
    }

    /** Reads {@code expected} ("4X EDR", "4X", "EDR"); null for null, blank. @throws IllegalArgumentException naming the bad word */
    public static Capability parse(String expected) {
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
