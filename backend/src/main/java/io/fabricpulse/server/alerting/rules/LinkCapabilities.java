package io.fabricpulse.server.alerting.rules;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.fabric.PortView;

import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Set;

/**
 * What width and speed a link should run at: by default the best its two ends both support and enable
 * (PortInfo LinkWidth/Speed Supported and Enabled, what {@code iblinkinfo} prints as "Could be"), or, where an end
 * enables less than its node enables on its other ports with the same supported set, what the link would run at
 * had that end been left like its siblings ({@link #asSiblingsRun}); where the operator says otherwise for a
 * cluster, the rule's {@code expected} setting ("4X EDR") and nothing else.
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

    /**
     * Whether the link runs at the best width and the best speed found in any set either end reports (enabled,
     * supported, siblings', and what this end read of the far one): no expectation built from those sets can then be
     * higher, so {@link LinkDegradedRule} has nothing to find. Both enums are declared slowest first, so a set's best
     * is its highest bit. A healthy fabric's samples stop here, read from {@link PortView}'s packed bits without
     * building a capability (building them for every sample was a quarter of the ingest's CPU at 50,000 ports).
     */
    static boolean runsAtTheBestOfAll(PortView port, int farBits, LinkWidth width, LinkSpeed speed) {
        int bits = allBits(port) | farBits;
        return width.ordinal() >= highestBit(bits >>> 16) && speed.ordinal() >= highestBit(bits & 0xFFFF);
    }

    /** Every set a port's view reports (enabled, supported, siblings', its far end's as it read it), united. */
    public static int allBits(PortView port) {
        return port.capabilityBits() | port.peerCapabilityBits() | port.supportedBits() | port.siblingBits();
    }

    private static int highestBit(int bits) {
        return 31 - Integer.numberOfLeadingZeros(bits);
    }

    /**
     * A port's enabled set narrowed below what the same node enables on its other ports with the same supported set:
     * a width or speed restricted by {@code ibportstate} or a configuration and forgotten (ibsim's {@code w=1}).
     *
     * @param end      the narrowed end
     * @param enabled  the best it supports and enables
     * @param siblings the best its siblings support and enable
     */
    record Narrowed<E>(PortView end, E enabled, E siblings) {
    }

    /**
     * What the link would run at, per dimension, had a narrowed end enabled what its siblings enable; each part is
     * null unless an end is narrowed in it. Each end counts with: its own set united with its siblings' when it is
     * the narrowed one; its own set when it has siblings and is not (a node that enables one narrow set everywhere
     * meant it); its supported set when its node's report held no sibling, so its own enabling cannot be judged (a
     * single-port HCA, which ibsim's {@code w=1} narrows too: the switch end decides), so a 1X-only HCA never makes
     * its switch port look narrowed. Where the far end's supported set is unknown too (no report of its own, as
     * discover-role agents send hosts, or a sysfs source), the narrowed end alone decides: a switch port narrowed to
     * 1X in front of a host that supports 1X only then alerts, which its cluster's {@code expected} setting silences.
     */
    static Sibling asSiblingsRun(PortView port, PortView far) {
        End<LinkWidth> myWidths = new End<>(port, port.capability().widths(), port.siblingCapability().widths(),
                port.supported().widths(), BY_LANES);
        End<LinkSpeed> mySpeeds = new End<>(port, port.capability().speeds(), port.siblingCapability().speeds(),
                port.supported().speeds(), BY_RATE);
        End<LinkWidth> farWidths = far == null ? new End<>(null, port.peerCapability().widths(), Set.of(), Set.of(), BY_LANES)
                : new End<>(far, far.capability().widths(), far.siblingCapability().widths(), far.supported().widths(),
                BY_LANES);
        End<LinkSpeed> farSpeeds = far == null ? new End<>(null, port.peerCapability().speeds(), Set.of(), Set.of(), BY_RATE)
                : new End<>(far, far.capability().speeds(), far.siblingCapability().speeds(), far.supported().speeds(),
                BY_RATE);
        return new Sibling(myWidths.couldRunWith(farWidths), myWidths.narrowedOf(farWidths),
                mySpeeds.couldRunWith(farSpeeds), mySpeeds.narrowedOf(farSpeeds));
    }

    /** {@link #asSiblingsRun}'s answer: per dimension, what the link could run at and the end that keeps it lower. */
    record Sibling(LinkWidth width, Narrowed<LinkWidth> narrowedWidth, LinkSpeed speed, Narrowed<LinkSpeed> narrowedSpeed) {
    }

    private static final Comparator<LinkWidth> BY_LANES = Comparator.comparingInt(LinkWidth::lanes);
    private static final Comparator<LinkSpeed> BY_RATE = Comparator.comparingDouble(LinkSpeed::laneGbps);

    /** One end in one dimension: what it enables, what its siblings enable, what it supports. */
    private record End<E extends Enum<E>>(PortView view, Set<E> enabled, Set<E> siblings, Set<E> supported,
                                         Comparator<E> order) {

        boolean narrowed() {
            E mine = best(enabled);
            E theirs = best(siblings);
            return mine != null && theirs != null && order.compare(theirs, mine) > 0;
        }

        /** What this end counts with; null when nothing bounds it (no siblings, supported set unknown). */
        Set<E> counted() {
            if (narrowed()) {
                Set<E> united = EnumSet.copyOf(enabled);
                united.addAll(siblings);
                return united;
            }
            if (!siblings.isEmpty()) {
                return enabled;
            }
            return supported.isEmpty() ? null : supported;
        }

        E couldRunWith(End<E> far) {
            if (!narrowed() && !far.narrowed()) {
                return null;
            }
            Set<E> mine = counted();
            Set<E> theirs = far.counted();
            return best(mine == null ? theirs : theirs == null ? mine : mine.stream().filter(theirs::contains).toList());
        }

        Narrowed<E> narrowedOf(End<E> far) {
            End<E> end = narrowed() ? this : far.narrowed() ? far : null;
            return end == null ? null : new Narrowed<>(end.view, best(end.enabled), best(end.siblings));
        }

        private E best(Collection<E> values) {
            return values.stream().max(order).orElse(null);
        }
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
