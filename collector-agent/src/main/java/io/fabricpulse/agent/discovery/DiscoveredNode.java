package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.MadRoute;
import io.fabricpulse.agent.mad.NodeInfo;
import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.model.ingest.NodeType;

import java.util.Map;

/**
 * One node as the walk found it: what the topology model keeps plus what sweeps and the
 * ibnetdiscover text need (the route to it, SwitchInfo's EnhancedPort0, each port's PortInfo).
 *
 * @param info          its NodeInfo (from the first answer)
 * @param description   NodeDescription as ibnetdiscover prints it (see {@link NodeDescriptions})
 * @param route         the directed route the walk reached it by first, from the local port
 * @param enhancedPort0 a switch whose SwitchInfo says its port 0 is enhanced
 * @param ports         PortInfo by port number, for the ports that answered: 0..N on a switch, the
 *                      ports a CA was entered by
 */
public record DiscoveredNode(NodeInfo info, String description, MadRoute.Directed route, boolean enhancedPort0,
                             Map<Integer, PortInfo> ports) {

    public DiscoveredNode {
        ports = Map.copyOf(ports);
    }

    public long guid() {
        return info.nodeGuid();
    }

    public boolean isSwitch() {
        return info.nodeType() == NodeType.SWITCH;
    }

    /**
     * The LID that PerfMgt and LID-routed SMPs reach {@code port} by: a switch's port 0 LID for any
     * of its ports, a CA port's own; 0 when unknown or unassigned.
     */
    public int lidOf(int port) {
        PortInfo info = ports.get(isSwitch() ? 0 : port);
        return info == null ? 0 : info.lid();
    }

    /**
     * {@code port}'s PortInfo read with the capability mask that governs it: port 0's on a switch,
     * whose external ports do not carry one. Null when the port did not answer.
     */
    public PortInfo portInfo(int port) {
        PortInfo info = ports.get(port);
        if (info == null || !isSwitch() || port == 0) {
            return info;
        }
        PortInfo port0 = ports.get(0);
        return info.withCapabilityMask(port0 == null ? 0 : port0.capabilityMask());
    }
}
