package io.fabricpulse.agent.sim;

import io.fabricpulse.model.topology.PortAddress;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The LIDs a subnet manager gives the simulated fabric: one per switch (its port 0; every port of
 * the switch answers to it) and one per cabled CA or router port (LMC 0), numbered from 1 in the
 * order of the topology's nodes. LIDs a file may carry are not used: dumps from real fabrics mix
 * LIDs of different SM runs, and ibsim files often have none. The master SM sits on the first
 * node, as ibsim's default client does.
 */
final class LidPlan {

    /** Highest unicast LID (0xC000 and up are multicast). */
    static final int MAX_UNICAST_LID = 0xBFFF;

    private final Map<Long, Map<Integer, Integer>> lids = new HashMap<>();
    private final int smLid;

    private LidPlan(Topology topology) {
        int next = 1;
        for (TopologyNode node : topology.nodes()) {
            Map<Integer, Integer> byPort = new HashMap<>();
            for (PortAddress address : node.addresses()) {
                if (next > MAX_UNICAST_LID) {
                    throw new IllegalArgumentException("the fabric has more addressable ports than the "
                            + MAX_UNICAST_LID + " unicast LIDs");
                }
                byPort.put(address.port(), next++);
            }
            lids.put(node.guid(), byPort);
        }
        smLid = next > 1 ? 1 : 0;
    }

    static LidPlan sequential(Topology topology) {
        return new LidPlan(topology);
    }

    /** The LID of {@code port} of {@code node}: the switch's LID for any switch port; 0 for a port without one. */
    int lid(TopologyNode node, int port) {
        Map<Integer, Integer> byPort = lids.getOrDefault(node.guid(), Map.of());
        return byPort.getOrDefault(node.isSwitch() ? 0 : port, 0);
    }

    /** The LID of the master SM. */
    int smLid() {
        return smLid;
    }

    /** {@code topology} with these LIDs written into its port addresses. */
    Topology applyTo(Topology topology) {
        List<TopologyNode> nodes = new ArrayList<>();
        for (TopologyNode node : topology.nodes()) {
            List<PortAddress> addresses = node.addresses().stream()
                    .map(a -> new PortAddress(a.port(), a.guid(), lid(node, a.port()))).toList();
            nodes.add(new TopologyNode(node.guid(), node.type(), node.numPorts(), node.description(), node.systemImageGuid(),
                    node.vendorId(), node.deviceId(), addresses));
        }
        return new Topology(nodes, topology.links());
    }
}
