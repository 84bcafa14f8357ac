package io.fabricpulse.server.topology.model;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.PortState;

import java.util.Objects;
import java.util.Set;

import static io.fabricpulse.model.ingest.EnumCodes.code;
import static io.fabricpulse.model.ingest.EnumCodes.of;

/**
 * One end of a cable with what is known about its port. Unknown values are null (sets: empty): a
 * baseline read from ibnetdiscover text knows no port states, a port seen only as the far end of a
 * cable knows no supported rates.
 *
 * <p>A value, as a record would be, kept in 24 bytes: its enums as codes and its supported rates as one shared
 * capability. A topology keeps one per cable end (two per cable at 200,000 ports: 40 bytes each as a record of eight
 * components), and the live topology's ports keep theirs from report to report, so a model rebuilt after a change
 * makes none for the ports that did not change.
 */
public final class LinkEndState {

    private static final PortState[] STATES = PortState.values();
    private static final PhysicalState[] PHYSICAL_STATES = PhysicalState.values();
    private static final LinkWidth[] WIDTHS = LinkWidth.values();
    private static final LinkSpeed[] SPEEDS = LinkSpeed.values();

    private final PortEnd end;
    private final int lid;
    /* {@link io.fabricpulse.model.ingest.EnumCodes}: a byte each where a reference is 4 bytes. */
    private final byte state;
    private final byte physicalState;
    private final byte width;
    private final byte speed;
    private final PortCapability supported;

    /**
     * @param end            the port
     * @param lid            its LID (a switch port's is the switch's port 0 LID), 0 when unknown
     * @param state          logical state, null when unknown
     * @param physicalState  physical state, null when unknown
     * @param width          active width, null when unknown
     * @param speed          active speed, null when unknown
     * @param widthSupported widths the port supports, empty (or null) when unknown
     * @param speedSupported speeds the port supports, empty (or null) when unknown
     */
    public LinkEndState(PortEnd end, int lid, PortState state, PhysicalState physicalState, LinkWidth width,
                        LinkSpeed speed, Set<LinkWidth> widthSupported, Set<LinkSpeed> speedSupported) {
        this(end, lid, state, physicalState, width, speed, isEmpty(widthSupported) && isEmpty(speedSupported)
                ? PortCapability.UNKNOWN : new PortCapability(widthSupported, speedSupported));
    }

    /** With the supported widths and speeds as a capability (shared by the ends that have the same one). */
    public LinkEndState(PortEnd end, int lid, PortState state, PhysicalState physicalState, LinkWidth width,
                        LinkSpeed speed, PortCapability supported) {
        this.end = end;
        this.lid = lid;
        this.state = code(state);
        this.physicalState = code(physicalState);
        this.width = code(width);
        this.speed = code(speed);
        this.supported = supported == null ? PortCapability.UNKNOWN : supported;
    }

    /** Only the port and what a cable line of a topology file says about it. */
    public static LinkEndState bare(PortEnd end, int lid, LinkWidth width, LinkSpeed speed) {
        return new LinkEndState(end, lid, null, null, width, speed, PortCapability.UNKNOWN);
    }

    public PortEnd end() {
        return end;
    }

    public int lid() {
        return lid;
    }

    public PortState state() {
        return of(STATES, state);
    }

    public PhysicalState physicalState() {
        return of(PHYSICAL_STATES, physicalState);
    }

    public LinkWidth width() {
        return of(WIDTHS, width);
    }

    public LinkSpeed speed() {
        return of(SPEEDS, speed);
    }

    public Set<LinkWidth> widthSupported() {
        return supported.widths();
    }

    public Set<LinkSpeed> speedSupported() {
        return supported.speeds();
    }

    /** The supported widths and speeds together. */
    public PortCapability supported() {
        return supported;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LinkEndState that && lid == that.lid && state == that.state
                && physicalState == that.physicalState && width == that.width && speed == that.speed
                && Objects.equals(end, that.end) && supported.equals(that.supported);
    }

    @Override
    public int hashCode() {
        return Objects.hash(end, lid, state, physicalState, width, speed, supported);
    }

    @Override
    public String toString() {
        return "LinkEndState[end=" + end + ", lid=" + lid + ", state=" + state() + ", physicalState="
                + physicalState() + ", width=" + width() + ", speed=" + speed() + ", widthSupported="
                + widthSupported() + ", speedSupported=" + speedSupported() + "]";
    }

    private static boolean isEmpty(Set<?> values) {
        return values == null || values.isEmpty();
    }
}
