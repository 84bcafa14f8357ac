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
    /** In a finding's summary when an end's enabled set was narrowed below its siblings': the checks differ. */
    public static final String NARROWED = "narrowed below its siblings'";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Active link width or speed below the best both ends support and enable (iblinkinfo's \"Could be\"), "
                + "or below what an end's node enables on its other ports (an enabled set narrowed by hand); "
                + "'expected' (\"4X EDR\") overrides both per cluster";
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
        LinkWidth width = LinkWidth.ofLabel(sample.view().linkWidth());
        LinkSpeed speed = LinkSpeed.ofName(sample.view().linkSpeed());
        if (width == null || speed == null) {
            return null;
        }
        boolean expected = settings.expected() != null && !settings.expected().isBlank();
        if (!expected && LinkCapabilities.runsAtTheBestOfAll(sample.view(), sample.farBits(), width, speed)) {
            return null;
        }
        return judge(sample, settings, width, speed);
    }

    /** {@link #evaluate} past its shortcut: what the link could run at, and whether it runs lower. */
    Finding judge(PortSample sample, RuleSettings settings, LinkWidth width, LinkSpeed speed) {
        PortView far = sample.peerView();
        LinkCapabilities.Capability can = LinkCapabilities.of(sample.view(), far, settings);
        LinkCapabilities.Sibling asSiblings = settings.expected() == null || settings.expected().isBlank()
                ? LinkCapabilities.asSiblingsRun(sample.view(), far) : null;
        if (can == null && asSiblings == null) {
            return null;
        }
        LinkWidth canWidth = wider(can == null ? null : can.width(), asSiblings == null ? null : asSiblings.width());
        LinkSpeed canSpeed = faster(can == null ? null : can.speed(), asSiblings == null ? null : asSiblings.speed());
        boolean narrow = canWidth != null && width.lanes() < canWidth.lanes();
        boolean slow = canSpeed != null && speed.laneGbps() < canSpeed.laneGbps();
        if (!narrow && !slow) {
            return null;
        }
        LinkWidth expectedWidth = narrow ? canWidth : width;
        LinkSpeed expectedSpeed = slow ? canSpeed : speed;
        double is = speed.dataRateBitsPerSecond(width) / 1e9;
        double should = expectedSpeed.dataRateBitsPerSecond(expectedWidth) / 1e9;
        StringBuilder summary = new StringBuilder("link runs at " + width.label() + " " + speed.name() + " ("
                + Numbers.text(is) + " Gb/s), can do " + expectedWidth.label() + " " + expectedSpeed.name() + " ("
                + Numbers.text(should) + " Gb/s)");
        if (narrow && asSiblings != null && asSiblings.width() != null && asSiblings.width().lanes() > width.lanes()) {
            LinkCapabilities.Narrowed<LinkWidth> end = asSiblings.narrowedWidth();
            summary.append(narrowed(end.end(), "LinkWidthEnabled", end.enabled().label(), end.siblings().label()));
        }
        if (slow && asSiblings != null && asSiblings.speed() != null && asSiblings.speed().laneGbps() > speed.laneGbps()) {
            LinkCapabilities.Narrowed<LinkSpeed> end = asSiblings.narrowedSpeed();
            summary.append(narrowed(end.end(), "LinkSpeedEnabled", end.enabled().name(), end.siblings().name()));
        }
        return new Finding("LinkWidthActive/LinkSpeedActive", is, should, "Gb/s", summary.toString());
    }

    /** Why the link runs low: an end's enabled set narrowed below its siblings'. Recognised by {@link #NARROWED}. */
    private static String narrowed(PortView end, String field, String enabled, String siblings) {
        return "; " + end.nodeName() + " port " + end.portNumber() + " (LID " + end.lid() + ") enables " + enabled
                + " where " + end.nodeName() + " enables " + siblings + " on its other ports (" + field + " "
                + NARROWED + ")";
    }

    private static LinkWidth wider(LinkWidth a, LinkWidth b) {
        return a == null ? b : b == null || a.lanes() >= b.lanes() ? a : b;
    }

    private static LinkSpeed faster(LinkSpeed a, LinkSpeed b) {
        return a == null ? b : b == null || a.laneGbps() >= b.laneGbps() ? a : b;
    }
}
