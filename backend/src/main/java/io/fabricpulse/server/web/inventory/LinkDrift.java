package io.fabricpulse.server.web.inventory;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.PortView;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which links drift from what they should be, judged as the link-degraded rule judges them: an Active link
 * below the best both its ends support and enable (what {@code iblinkinfo} prints as "Could be"), or a cabled
 * port that is not Active. A port whose or whose far end's capability is unknown (sysfs) is not guessed at;
 * Ethernet (RoCE) ports have no InfiniBand widths and speeds and are left out.
 */
final class LinkDrift {

    private final Map<String, PortView> byEnd = new HashMap<>();

    private LinkDrift(List<PortView> ports) {
        ports.forEach(p -> byEnd.put(p.nodeGuid() + "/" + p.portNumber(), p));
    }

    static LinkDrift of(List<PortView> ports) {
        return new LinkDrift(ports);
    }

    /** Why this port is drift, or null when it is not (or cannot be known). */
    String reason(PortView port) {
        if (port.ethernet()) {
            return null;
        }
        if (port.state() != PortState.ACTIVE) {
            // An unused switch port is Down by design; a host port or a port with a known peer is cabled.
            boolean cabled = port.nodeType() == NodeType.CA || port.peerGuid() != null;
            return cabled ? "not Active" : null;
        }
        PortCapability mine = port.capability();
        PortView far = port.peerGuid() == null ? null : byEnd.get(port.peerGuid() + "/" + port.peerPort());
        PortCapability theirs = far == null || !known(far.capability()) ? port.peerCapability() : far.capability();
        LinkWidth width = LinkWidth.ofLabel(port.linkWidth());
        LinkSpeed speed = LinkSpeed.ofName(port.linkSpeed());
        LinkWidth bestWidth = mine.bestCommonWidth(theirs);
        LinkSpeed bestSpeed = mine.bestCommonSpeed(theirs);
        boolean narrow = width != null && bestWidth != null && width.lanes() < bestWidth.lanes();
        boolean slow = speed != null && bestSpeed != null && speed.laneGbps() < bestSpeed.laneGbps();
        if (narrow && slow) {
            return "width and speed below " + bestWidth.label() + " " + bestSpeed.name();
        }
        if (narrow) {
            return "width below " + bestWidth.label();
        }
        return slow ? "speed below " + bestSpeed.name() : null;
    }

    /** Whether a port's capability (and its far end's) is known, so its drift can be judged. */
    boolean judged(PortView port) {
        return port.ethernet() || (known(port.capability()) && known(port.peerGuid() == null ? PortCapability.UNKNOWN
                : byEnd.containsKey(port.peerGuid() + "/" + port.peerPort())
                ? byEnd.get(port.peerGuid() + "/" + port.peerPort()).capability() : port.peerCapability()));
    }

    private static boolean known(PortCapability capability) {
        return capability.knowsWidths() || capability.knowsSpeeds();
    }
}
