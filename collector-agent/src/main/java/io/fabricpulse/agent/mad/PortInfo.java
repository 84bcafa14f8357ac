package io.fabricpulse.agent.mad;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.PortState;

import io.fabricpulse.model.ingest.FieldFault;

import java.util.EnumSet;
import java.util.List;
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
    /** PortInfo.CapabilityMask bit 1: a subnet manager runs behind this port. */
    public static final int IS_SM = 1 << 1;
    /** LinkSpeedExtEnabled 30: extended speeds switched off (the port runs SDR to QDR only). */
    private static final int EXT_SPEEDS_DISABLED = 30;
    /** LinkSpeedExtEnabled 31 and LinkWidthEnabled 255: "set to supported", meaningful in a Set only. */
    private static final int EXT_SPEEDS_AS_SUPPORTED = 31;
    private static final int WIDTHS_AS_SUPPORTED = 255;
    private static final int VALID_WIDTH_BITS = 0x1F;
    private static final int VALID_SPEED_BITS = 0x7;
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
        return widths(linkWidthSupported);
    }

    public Set<LinkSpeed> supportedSpeeds() {
        EnumSet<LinkSpeed> speeds = EnumSet.noneOf(LinkSpeed.class);
        addBits(speeds, linkSpeedSupported, BASE_SPEEDS);
        if (extendedSpeeds()) {
            addBits(speeds, linkSpeedExtSupported, EXT_SPEEDS);
        }
        return speeds;
    }

    /** The widths enabled on the port; "as supported" (255) reads as the supported ones. */
    public Set<LinkWidth> enabledWidths() {
        return widths(linkWidthEnabled == WIDTHS_AS_SUPPORTED ? linkWidthSupported : linkWidthEnabled);
    }

    private static Set<LinkWidth> widths(int bits) {
        EnumSet<LinkWidth> widths = EnumSet.noneOf(LinkWidth.class);
        for (LinkWidth w : LinkWidth.values()) {
            if ((bits & w.bit()) != 0) {
                widths.add(w);
            }
        }
        return widths;
    }

    /** The speeds enabled on the port, extended ones only where the port has them and has not switched them off. */
    public Set<LinkSpeed> enabledSpeeds() {
        EnumSet<LinkSpeed> speeds = EnumSet.noneOf(LinkSpeed.class);
        addBits(speeds, linkSpeedEnabled == 0xF ? linkSpeedSupported : linkSpeedEnabled, BASE_SPEEDS);
        if (extendedSpeeds() && linkSpeedExtEnabled != EXT_SPEEDS_DISABLED) {
            addBits(speeds, linkSpeedExtEnabled == EXT_SPEEDS_AS_SUPPORTED ? linkSpeedExtSupported
                    : linkSpeedExtEnabled & 0xF, EXT_SPEEDS);
        }
        return speeds;
    }

    /** What the port supports and has enabled. */
    public PortCapability capability() {
        return PortCapability.of(supportedWidths(), enabledWidths(), supportedSpeeds(), enabledSpeeds());
    }

    /** Whether a cable is up at this port (LinkUp or recovering it): only then does a far end answer. */
    public boolean cabled() {
        return physicallyUp();
    }

    /** Whether a subnet manager runs behind this port (CapabilityMask IsSM). */
    public boolean isSm() {
        return (capabilityMask & IS_SM) != 0;
    }

    /**
     * The values of this answer that IBA reserves or that cannot hold together, each as read: a reserved
     * PortState or PhysLinkState, a logical state other than Down on a port whose physical link is not up, an
     * active width or speed that is not one valid value while the link is up, reserved bits in the
     * supported or enabled sets. Null when there is none. The decoded getters leave such values unknown
     * (null) instead of guessing.
     */
    public List<FieldFault> faults() {
        FaultList faults = new FaultList();
        if (state() == null) {
            faults.add("LinkState", portState, "reserved (IBA: 1 Down, 2 Init, 3 Armed, 4 Active)");
        }
        if (physical() == null) {
            faults.add("PhysLinkState", physicalState, "reserved (IBA: 1 Sleep ... 7 PhyTest)");
        }
        if (state() != null && state() != PortState.DOWN && physical() != null && !physicallyUp()) {
            faults.add("LinkState", portState, "port is " + state() + " while its physical link is "
                    + physical() + ": only a physically up port leaves Down");
        }
        if (linkUp()) {
            if (activeWidth() == null) {
                faults.add("LinkWidthActive", linkWidthActive, "not one valid width (1, 2, 4, 8 or 16) on a link that is up");
            }
            if (activeSpeed() == null) {
                boolean ext = extendedSpeeds() && linkSpeedExtActive != 0;
                faults.add(ext ? "LinkSpeedExtActive" : "LinkSpeedActive", ext ? linkSpeedExtActive : linkSpeedActive,
                        "not one valid speed on a link that is up");
            }
        }
        if ((linkWidthSupported & ~VALID_WIDTH_BITS) != 0) {
            faults.add("LinkWidthSupported", linkWidthSupported, "reserved bits set (valid: 0x1F)");
        }
        if (linkWidthEnabled != WIDTHS_AS_SUPPORTED && (linkWidthEnabled & ~VALID_WIDTH_BITS) != 0) {
            faults.add("LinkWidthEnabled", linkWidthEnabled, "reserved bits set (valid: 0x1F, or 255)");
        }
        if ((linkSpeedSupported & ~VALID_SPEED_BITS) != 0) {
            faults.add("LinkSpeedSupported", linkSpeedSupported, "reserved bits set (valid: 0x7)");
        }
        if (linkSpeedEnabled != 0xF && (linkSpeedEnabled & ~VALID_SPEED_BITS) != 0) {
            faults.add("LinkSpeedEnabled", linkSpeedEnabled, "reserved bits set (valid: 0x7, or 15)");
        }
        if (extendedSpeeds() && linkSpeedExtEnabled > 0xF && linkSpeedExtEnabled != EXT_SPEEDS_DISABLED
                && linkSpeedExtEnabled != EXT_SPEEDS_AS_SUPPORTED) {
            faults.add("LinkSpeedExtEnabled", linkSpeedExtEnabled, "reserved (valid: 0..15, 30 or 31)");
        }
        return faults.list();
    }

    private boolean linkUp() {
        return physicalState == PhysicalState.LINK_UP.code();
    }

    /** LinkUp, or recovering it: the states in which a port may be Init, Armed or Active. */
    private boolean physicallyUp() {
        return physicalState == PhysicalState.LINK_UP.code()
                || physicalState == PhysicalState.LINK_ERROR_RECOVERY.code();
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
