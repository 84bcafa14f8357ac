package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.MadRoute;
import io.fabricpulse.agent.mad.NodeInfo;
import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.model.ingest.NodeType;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A node while the walk is still learning about it; only the walk's thread touches it. */
final class NodeState {

    final NodeInfo info;
    /** The route it was first reached by; every request about it goes this way. */
    final MadRoute.Directed route;
    final Map<Integer, PortInfo> ports = new HashMap<>();
    /** Port GUIDs by port, from the NodeInfo answers that entered by that port. */
    final Map<Integer, Long> portGuids = new HashMap<>();
    /** NodeDescription's bytes, null until answered. */
    String description;
    boolean enhancedPort0;
    /**
     * The shortest route it was reached by, the lowest port numbers first among equals: independent of
     * the order answers came in, so the printed order of nodes is the same on every run.
     */
    private List<Integer> canonicalRoute;

    NodeState(NodeInfo info, MadRoute.Directed route) {
        this.info = info;
        this.route = route;
        this.canonicalRoute = route.outPorts();
    }

    boolean isSwitch() {
        return info.nodeType() == NodeType.SWITCH;
    }

    void reachedBy(MadRoute.Directed other) {
        if (compareRoutes(other.outPorts(), canonicalRoute) < 0) {
            canonicalRoute = other.outPorts();
        }
    }

    List<Integer> canonicalRoute() {
        return canonicalRoute;
    }

    /** Shorter first, then by port numbers hop by hop. */
    static int compareRoutes(List<Integer> a, List<Integer> b) {
        if (a.size() != b.size()) {
            return Integer.compare(a.size(), b.size());
        }
        for (int i = 0; i < a.size(); i++) {
            int byPort = Integer.compare(a.get(i), b.get(i));
            if (byPort != 0) {
                return byPort;
            }
        }
        return 0;
    }
}
