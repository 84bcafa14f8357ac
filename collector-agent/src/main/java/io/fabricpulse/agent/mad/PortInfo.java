package io.fabricpulse.agent.mad;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;

import java.util.EnumSet;
import java.util.Set;

/**
 * SMP PortInfo, decoded into what the agent reports. Widths and speeds are the raw bit sets; the
 * methods turn them into the ingest schema's enums. {@code lmc} is the port's LID mask count: it
 * answers to LIDs {@code lid} to {@code lid + 2^lmc - 1}.
 */
public record PortInfo(int lid, int smLid, int localPortNumber, int capabilityMask,
                       int linkWidthEnabled, int linkWidthSupported, int linkWidthActive,
                       int linkSpeedSupported, int linkSpeedEnabled, int linkSpeedActive,
                       int linkSpeedExtSupported, int linkSpeedExtEnabled, int linkSpeedExtActive,
                       int portState, int physicalState, int lmc) {

    /** PortInfo.CapabilityMask bit 14: the LinkSpeedExt* fields are valid. */
    public static final int EXTENDED_SPEEDS_SUPPORTED = 1 << 14;
    private static final LinkSpeed[] BASE_SPEEDS = {LinkSpeed.SDR, LinkSpeed.DDR, LinkSpeed.QDR};
    private static final LinkSpeed[] EXT_SPEEDS = {LinkSpeed.FDR, LinkSpeed.EDR, LinkSpeed.HDR, LinkSpeed.NDR};

    public static PortInfo decode(MadData d) {
        return new PortInfo((int) d.get(PortInfoField.Lid), (int) d.get(PortInfoField.SMLid),
                (int) d.get(PortInfoField.LocalPort), (int) d.get(PortInfoField.CapMask),
                (int) d.get(PortInfoField.LinkWidthEnabled), (int) d.get(PortInfoField.LinkWidthSupported),
                (int) d.get(PortInfoField.LinkWidthActive), (int) d.get(PortInfoField.LinkSpeedSupported),
                (int) d.get(PortInfoField.LinkSpeedEnabled), (int) d.get(PortInfoField.LinkSpeedActive),
                (int) d.get(PortInfoField.LinkSpeedExtSupported), (int) d.get(PortInfoField.LinkSpeedExtEnabled),
                (int) d.get(PortInfoField.LinkSpeedExtActive), (int) d.get(PortInfoField.LinkState),
                (int) d.get(PortInfoField.PhysLinkState), (int) d.get(PortInfoField.LMC));
    }

    /**
     * This PortInfo with another capability mask. On a switch only port 0 carries a meaningful
     * CapabilityMask, so whether an external port's LinkSpeedExt* fields are valid is read from
     * port 0's mask (libibnetdisc does the same).
     */
    public PortInfo withCapabilityMask(int mask) {
        return new PortInfo(lid, smLid, localPortNumber, mask, linkWidthEnabled, linkWidthSupported, linkWidthActive,
                linkSpeedSupported, linkSpeedEnabled, linkSpeedActive, linkSpeedExtSupported, linkSpeedExtEnabled,
                linkSpeedExtActive, portState, physicalState, lmc);
    }

    public PortState state() {
        return PortState.ofCode(portState);
    }

    public PhysicalState physical() {
        return PhysicalState.ofCode(physicalState);
    }

    /** The active width, null while the link is not up (the field is then meaningless). */
    public LinkWidth activeWidth() {
        return linkUp() ? LinkWidth.ofBit(linkWidthActive) : null;
    }

    /** The active speed: an extended one (FDR and up) when the port reports one, else SDR/DDR/QDR. */
    public LinkSpeed activeSpeed() {
        if (!linkUp()) {
            return null;
        }
        if (extendedSpeeds() && linkSpeedExtActive != 0) {
            return single(linkSpeedExtActive, EXT_SPEEDS);
        }
        return single(linkSpeedActive, BASE_SPEEDS);
    }

    public Set<LinkWidth> supportedWidths() {
        EnumSet<LinkWidth> widths = EnumSet.noneOf(LinkWidth.class);
        for (LinkWidth w : LinkWidth.values()) {
            if ((linkWidthSupported & w.bit()) != 0) {
                widths.add(w);
            }
        }
        return widths;
    }

    public Set<LinkSpeed> supportedSpeeds() {
        EnumSet<LinkSpeed> speeds = EnumSet.noneOf(LinkSpeed.class);
        addBits(speeds, linkSpeedSupported, BASE_SPEEDS);
        if (extendedSpeeds()) {
            addBits(speeds, linkSpeedExtSupported, EXT_SPEEDS);
        }
        return speeds;
    }

    private boolean linkUp() {
        return physicalState == PhysicalState.LINK_UP.code();
    }

    private boolean extendedSpeeds() {
        return (capabilityMask & EXTENDED_SPEEDS_SUPPORTED) != 0;
    }

    private static LinkSpeed single(int bits, LinkSpeed[] speeds) {
        return Integer.bitCount(bits) == 1 && Integer.numberOfTrailingZeros(bits) < speeds.length
                ? speeds[Integer.numberOfTrailingZeros(bits)] : null;
    }

    private static void addBits(Set<LinkSpeed> into, int bits, LinkSpeed[] speeds) {
        for (int i = 0; i < speeds.length; i++) {
            if ((bits & (1 << i)) != 0) {
                into.add(speeds[i]);
            }
        }
    }
}
