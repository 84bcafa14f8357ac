package io.fabricpulse.server.web.inventory;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.PortView;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * What a link should be, judged from the fabric itself: the widest width and the fastest speed any Active
 * port reports. The agents do not report a port's supported width/speed to the server yet, so "below
 * capability" is read as "below the best seen": in a fabric built of one generation that is the same, and
 * a 1X or SDR link among 4X EDR ones is what {@code iblinkinfo} users look for.
 *
 * @param bestWidth widest active width, null when no port is Active
 * @param bestSpeed fastest active speed, null when no port is Active
 */
record LinkDrift(LinkWidth bestWidth, LinkSpeed bestSpeed) {

    static LinkDrift of(List<PortView> ports) {
        List<PortView> active = ports.stream().filter(p -> p.state() == PortState.ACTIVE).toList();
        LinkWidth width = active.stream().map(p -> LinkWidth.ofLabel(p.linkWidth())).filter(Objects::nonNull)
                .max(Comparator.comparingInt(LinkWidth::lanes)).orElse(null);
        LinkSpeed speed = active.stream().map(p -> LinkSpeed.ofName(p.linkSpeed())).filter(Objects::nonNull)
                .max(Comparator.comparingDouble(LinkSpeed::laneGbps)).orElse(null);
        return new LinkDrift(width, speed);
    }

    /** Why this port is drift, or null when it is not: below the best width or speed, or cabled and not Active. */
    String reason(PortView port) {
        if (port.state() != PortState.ACTIVE) {
            // An unused switch port is Down by design; a host port or a port with a known peer is cabled.
            boolean cabled = port.nodeType() == NodeType.CA || port.peerGuid() != null;
            return cabled ? "not Active" : null;
        }
        LinkWidth width = LinkWidth.ofLabel(port.linkWidth());
        LinkSpeed speed = LinkSpeed.ofName(port.linkSpeed());
        boolean narrow = width != null && bestWidth != null && width.lanes() < bestWidth.lanes();
        boolean slow = speed != null && bestSpeed != null && speed.laneGbps() < bestSpeed.laneGbps();
        if (narrow && slow) {
            return "width and speed below " + best();
        }
        if (narrow) {
            return "width below " + bestWidth.label();
        }
        return slow ? "speed below " + bestSpeed.name() : null;
    }

    /** The best link as the tools print it ("4X EDR"), a dash before any port is Active. */
    String best() {
        if (bestWidth == null || bestSpeed == null) {
            return "—";
        }
        return bestWidth.label() + " " + bestSpeed.name();
    }
}
