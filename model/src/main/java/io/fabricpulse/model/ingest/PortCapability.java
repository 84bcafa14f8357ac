package io.fabricpulse.model.ingest;

import java.util.Comparator;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a port can run at: the widths and speeds it both supports and has enabled (PortInfo
 * LinkWidthSupported/Enabled, LinkSpeed(Ext)Supported/Enabled). A link is degraded when it runs below the
 * best its two ends have in common, which is what {@code iblinkinfo} prints as "Could be" (docs/FABRIC.md).
 *
 * @param widths widths supported and enabled; empty when unknown (sysfs cannot read them)
 * @param speeds speeds supported and enabled; empty when unknown
 */
public record PortCapability(Set<LinkWidth> widths, Set<LinkSpeed> speeds) {

    public static final PortCapability UNKNOWN = new PortCapability(Set.of(), Set.of());
    private static final LinkWidth[] WIDTHS = LinkWidth.values();
    private static final LinkSpeed[] SPEEDS = LinkSpeed.values();

    public PortCapability {
        widths = widths == null || widths.isEmpty() ? Set.of() : Set.copyOf(widths);
        speeds = speeds == null || speeds.isEmpty() ? Set.of() : Set.copyOf(speeds);
    }

    /**
     * Supported and enabled; where the enabled set is unknown (null: an older agent), supported alone. An
     * enabled set with nothing in common with the supported one is kept as it is (empty): the port then claims
     * no capability rather than a guessed one.
     */
    public static PortCapability of(Set<LinkWidth> supportedWidths, Set<LinkWidth> enabledWidths,
                                    Set<LinkSpeed> supportedSpeeds, Set<LinkSpeed> enabledSpeeds) {
        return new PortCapability(both(supportedWidths, enabledWidths, LinkWidth.class),
                both(supportedSpeeds, enabledSpeeds, LinkSpeed.class));
    }

    /** A port report's capability. */
    public static PortCapability of(PortReport port) {
        return of(port.linkWidthSupported(), port.linkWidthEnabled(), port.linkSpeedSupported(),
                port.linkSpeedEnabled());
    }

    public boolean knowsWidths() {
        return !widths.isEmpty();
    }

    public boolean knowsSpeeds() {
        return !speeds.isEmpty();
    }

    /** The widest width both this port and {@code other} can run, null when either is unknown or none is shared. */
    public LinkWidth bestCommonWidth(PortCapability other) {
        return widths.stream().filter(other.widths::contains).max(Comparator.comparingInt(LinkWidth::lanes))
                .orElse(null);
    }

    /** The fastest speed both can run, null when either is unknown or none is shared. */
    public LinkSpeed bestCommonSpeed(PortCapability other) {
        return speeds.stream().filter(other.speeds::contains).max(Comparator.comparingDouble(LinkSpeed::laneGbps))
                .orElse(null);
    }

    /** The widths as bits of {@link LinkWidth#ordinal()}: a compact form for per-port state. 0 when unknown. */
    public int widthBits() {
        return bits(widths, WIDTHS);
    }

    /** The speeds as bits of {@link LinkSpeed#ordinal()}. 0 when unknown. */
    public int speedBits() {
        return bits(speeds, SPEEDS);
    }

    /**
     * {@link #of(PortReport)}'s widths as bits, without building the sets: what per-sample code keeps. 0 when
     * unknown.
     */
    public static int widthBits(PortReport port) {
        return bitsBoth(port.linkWidthSupported(), port.linkWidthEnabled(), WIDTHS);
    }

    /** {@link #of(PortReport)}'s speeds as bits, without building the sets. 0 when unknown. */
    public static int speedBits(PortReport port) {
        return bitsBoth(port.linkSpeedSupported(), port.linkSpeedEnabled(), SPEEDS);
    }

    /** The widths a report says the port supports, enabled or not, as bits. 0 when unknown. */
    public static int supportedWidthBits(PortReport port) {
        return bitsBoth(port.linkWidthSupported(), null, WIDTHS);
    }

    /** The speeds a report says the port supports, enabled or not, as bits. 0 when unknown. */
    public static int supportedSpeedBits(PortReport port) {
        return bitsBoth(port.linkSpeedSupported(), null, SPEEDS);
    }

    private static <E extends Enum<E>> int bitsBoth(Set<E> supported, Set<E> enabled, E[] all) {
        if (supported == null) {
            return 0;
        }
        int bits = bits(supported, all);
        return enabled == null ? bits : bits & bits(enabled, all);
    }

    /** The capability {@link #widthBits()} and {@link #speedBits()} describe. */
    public static PortCapability fromBits(int widthBits, int speedBits) {
        if (widthBits == 0 && speedBits == 0) {
            return UNKNOWN;
        }
        EnumSet<LinkWidth> widths = EnumSet.noneOf(LinkWidth.class);
        for (LinkWidth w : LinkWidth.values()) {
            if ((widthBits & (1 << w.ordinal())) != 0) {
                widths.add(w);
            }
        }
        EnumSet<LinkSpeed> speeds = EnumSet.noneOf(LinkSpeed.class);
        for (LinkSpeed s : LinkSpeed.values()) {
            if ((speedBits & (1 << s.ordinal())) != 0) {
                speeds.add(s);
            }
        }
        return new PortCapability(widths, speeds);
    }

    /**
     * By asking the set for each constant, not by iterating it: per sample, four times a port, an iterator of each
     * report's sets was 6 % of the pipeline worker's allocation at 600,000 ports.
     */
    private static <E extends Enum<E>> int bits(Set<E> values, E[] all) {
        if (values.isEmpty()) {
            return 0;
        }
        int bits = 0;
        for (E value : all) {
            if (values.contains(value)) {
                bits |= 1 << value.ordinal();
            }
        }
        return bits;
    }

    private static <E extends Enum<E>> Set<E> both(Set<E> supported, Set<E> enabled, Class<E> type) {
        if (supported == null || supported.isEmpty()) {
            return Set.of();
        }
        EnumSet<E> set = EnumSet.noneOf(type);
        set.addAll(supported);
        if (enabled != null) {
            set.retainAll(enabled);
        }
        return set;
    }
}
