package io.fabricpulse.agent.discovery;

import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.TopologyNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ports a sweep reads, from a discovery: every cabled port of the chosen nodes, in topology
 * order. Counters are read by LID (PerfMgt is a GMP), so a port whose LID is unknown or unassigned
 * (no subnet manager has run) cannot be read; it is counted as unaddressable instead.
 *
 * @param targets       the ports to read
 * @param unaddressable cabled ports left out for want of a LID
 */
public record SweepPlan(List<SweepTarget> targets, int unaddressable) {

    private static final int MAX_UNICAST_LID = 0xBFFF;

    public SweepPlan {
        targets = List.copyOf(targets);
    }

    /** Every cabled port of every node: what {@code fabricpulse-agent sweep} reads. */
    public static SweepPlan allCabledPorts(DiscoveredFabric fabric) {
        return of(fabric, false);
    }

    /** Every cabled port of every switch: what a {@code discover}-role agent reads each interval. */
    public static SweepPlan switchPorts(DiscoveredFabric fabric) {
        return of(fabric, true);
    }

    private static SweepPlan of(DiscoveredFabric fabric, boolean switchesOnly) {
        Map<LinkEnd, LinkEnd> peers = new HashMap<>();
        for (Link link : fabric.topology().links()) {
            peers.put(link.a(), link.b());
            peers.put(link.b(), link.a());
        }
        List<SweepTarget> targets = new ArrayList<>();
        int unaddressable = 0;
        for (TopologyNode node : fabric.topology().nodes()) {
            if (switchesOnly && !node.isSwitch()) {
                continue;
            }
            DiscoveredNode details = fabric.node(node.guid());
            for (int port = 1; port <= node.numPorts(); port++) {
                LinkEnd peer = peers.get(new LinkEnd(node.guid(), port));
                if (peer == null) {
                    continue;
                }
                int lid = details.lidOf(port);
                if (lid < 1 || lid > MAX_UNICAST_LID) {
                    unaddressable++;
                } else {
                    targets.add(new SweepTarget(node.guid(), lid, port, peer));
                }
            }
        }
        return new SweepPlan(targets, unaddressable);
    }
}
