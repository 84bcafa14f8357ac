package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.fabric.PortView;

import java.time.Duration;

/**
 * An Active link running narrower or slower than it can (docs/FABRIC.md: an Ethernet DAC on an EDR
 * port negotiates down; a damaged cable drops lanes), on first sight: what "can" means is the best both
 * ends support and enable, read from the fabric itself ({@link LinkCapabilities}), or the {@code expected}
 * setting where the operator says so for a cluster. Both ends judge the same link, so one alert per link.
 * Silent where a capability is unknown (sysfs cannot read it) and for Ethernet (RoCE) ports.
 */
public final class LinkDegradedRule implements PortRule {

    public static final String NAME = "link-degraded";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Active link width or speed below the best both ends support and enable (iblinkinfo's \"Could be\"); "
                + "'expected' (\"4X EDR\") overrides that per cluster";
    }

    @Override
    public RuleSettings defaults() {
        return new RuleSettings(true, Severity.WARNING, null, null, null, null, Duration.ofMinutes(1), null);
    }

    @Override
    public boolean appliesTo(PortView port) {
        return !port.ethernet();
    }

    @Override
    public Finding evaluate(PortSample sample, RuleSettings settings) {
        if (sample.view().state() != PortState.ACTIVE) {
            return null;
        }
        LinkCapabilities.Capability can = LinkCapabilities.of(sample.view(), sample.peerView(), settings);
        LinkWidth width = LinkWidth.ofLabel(sample.view().linkWidth());
        LinkSpeed speed = LinkSpeed.ofName(sample.view().linkSpeed());
        if (can == null || width == null || speed == null) {
            return null;
        }
        boolean narrow = can.width() != null && width.lanes() < can.width().lanes();
        boolean slow = can.speed() != null && speed.laneGbps() < can.speed().laneGbps();
        if (!narrow && !slow) {
            return null;
        }
        LinkWidth expectedWidth = can.width() != null ? can.width() : width;
        LinkSpeed expectedSpeed = can.speed() != null ? can.speed() : speed;
        double is = speed.dataRateBitsPerSecond(width) / 1e9;
        double should = expectedSpeed.dataRateBitsPerSecond(expectedWidth) / 1e9;
        return new Finding("LinkWidthActive/LinkSpeedActive", is, should, "Gb/s",
                "link runs at " + width.label() + " " + speed.name() + " (" + Numbers.text(is) + " Gb/s), "
                        + "can do " + expectedWidth.label() + " " + expectedSpeed.name() + " (" + Numbers.text(should)
                        + " Gb/s)");
    }
}
