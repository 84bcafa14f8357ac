package io.fabricpulse.server.routes;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.FabricNode;
import io.fabricpulse.server.topology.model.LinkEndState;
import io.fabricpulse.server.topology.model.PortEnd;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fabric for route tests, built up by hand: switches, hosts, cables, sequential LIDs, and forwarding
 * tables made the way a min-hop subnet manager makes them (each LID by a shortest path, ties to the port with
 * the fewest routes so far). Tests then break the tables or the LIDs to see each way a route can fail.
 */
final class TestFabric {

    static final Instant READ_AT = Instant.parse("2026-11-26T08:00:00Z");

    final Map<String, FabricNode> nodes = new LinkedHashMap<>();
    final List<FabricLink> links = new ArrayList<>();
    final Map<PortEnd, Integer> lids = new HashMap<>();
    final Map<String, byte[]> tables = new HashMap<>();
    private int nextLid = 1;

    static String guid(int kind, int index) {
        return "0x%016x".formatted(((long) kind << 32) | index);
    }

    String addSwitch(int index, int ports) {
        String guid = guid(2, index);
        nodes.put(guid, new FabricNode(guid, NodeType.SWITCH, "switch-" + index, ports));
        lids.put(new PortEnd(guid, 0), nextLid++);
        return guid;
    }

    String addHost(int index, int ports) {
        String guid = guid(1, index);
        nodes.put(guid, new FabricNode(guid, NodeType.CA, "host-" + index + " HCA-1", ports));
        return guid;
    }

    void cable(String a, int portA, String b, int portB) {
        for (PortEnd end : List.of(new PortEnd(a, portA), new PortEnd(b, portB))) {
            if (nodes.get(end.nodeGuid()).type() != NodeType.SWITCH) {
                lids.put(end, nextLid++);
            }
        }
        links.add(FabricLink.between(state(new PortEnd(a, portA)), state(new PortEnd(b, portB))));
    }

    private LinkEndState state(PortEnd end) {
        return LinkEndState.bare(end, lidOf(end), LinkWidth.X4, LinkSpeed.EDR);
    }

    int lidOf(PortEnd end) {
        FabricNode node = nodes.get(end.nodeGuid());
        return lids.getOrDefault(node.type() == NodeType.SWITCH ? new PortEnd(end.nodeGuid(), 0) : end, 0);
    }

    /** A two-level fat tree: {@code leaves} leaves of {@code hostsPerLeaf} hosts, each cabled once to every spine. */
    static TestFabric fatTree(int spines, int leaves, int hostsPerLeaf) {
        TestFabric fabric = new TestFabric();
        List<String> spineGuids = new ArrayList<>();
        for (int s = 1; s <= spines; s++) {
            spineGuids.add(fabric.addSwitch(100 + s, leaves));
        }
        int host = 1;
        for (int l = 1; l <= leaves; l++) {
            String leaf = fabric.addSwitch(l, hostsPerLeaf + spines);
            for (int s = 1; s <= spines; s++) {
                fabric.cable(leaf, hostsPerLeaf + s, spineGuids.get(s - 1), l);
            }
            for (int h = 1; h <= hostsPerLeaf; h++) {
                String ca = fabric.addHost(host++, 1);
                fabric.cable(ca, 1, leaf, h);
            }
        }
        return fabric.withMinHopTables();
    }

    /** Tables of every switch by shortest paths, balancing ties by how many LIDs each port already carries. */
    TestFabric withMinHopTables() {
        Map<PortEnd, PortEnd> cables = new HashMap<>();
        for (FabricLink link : links) {
            cables.put(link.a().end(), link.b().end());
            cables.put(link.b().end(), link.a().end());
        }
        int top = lids.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        tables.clear();
        Map<String, int[]> used = new HashMap<>();
        for (FabricNode node : nodes.values()) {
            if (node.type() == NodeType.SWITCH) {
                byte[] ports = new byte[top + 1];
                Arrays.fill(ports, (byte) 0xFF);
                tables.put(node.guid(), ports);
                used.put(node.guid(), new int[node.numPorts() + 1]);
            }
        }
        lids.forEach((end, lid) -> {
            Map<String, Integer> distance = distances(end, cables);
            for (FabricNode sw : nodes.values()) {
                if (sw.type() != NodeType.SWITCH || !distance.containsKey(sw.guid())) {
                    continue;
                }
                if (sw.guid().equals(end.nodeGuid())) {
                    tables.get(sw.guid())[lid] = 0;
                    continue;
                }
                int best = -1;
                for (int p = 1; p <= sw.numPorts(); p++) {
                    PortEnd far = cables.get(new PortEnd(sw.guid(), p));
                    boolean closer = far != null && (far.equals(end) || (nodes.get(far.nodeGuid()).type() == NodeType.SWITCH
                            && distance.getOrDefault(far.nodeGuid(), Integer.MAX_VALUE) == distance.get(sw.guid()) - 1));
                    if (closer && (best < 0 || used.get(sw.guid())[p] < used.get(sw.guid())[best])) {
                        best = p;
                    }
                }
                tables.get(sw.guid())[lid] = (byte) best;
                used.get(sw.guid())[best]++;
            }
        });
        return this;
    }

    /** Hops from every node to the port {@code to} through switches only (CAs do not forward). */
    private Map<String, Integer> distances(PortEnd to, Map<PortEnd, PortEnd> cables) {
        Map<String, Integer> distance = new HashMap<>();
        ArrayDeque<String> queue = new ArrayDeque<>();
        distance.put(to.nodeGuid(), 0);
        if (nodes.get(to.nodeGuid()).type() != NodeType.SWITCH) {
            PortEnd attached = cables.get(to);
            if (attached == null) {
                return distance;
            }
            distance.put(attached.nodeGuid(), 1);
            queue.add(attached.nodeGuid());
        } else {
            queue.add(to.nodeGuid());
        }
        while (!queue.isEmpty()) {
            String at = queue.poll();
            FabricNode node = nodes.get(at);
            if (node.type() != NodeType.SWITCH) {
                continue;
            }
            for (int p = 1; p <= node.numPorts(); p++) {
                PortEnd far = cables.get(new PortEnd(at, p));
                if (far != null && nodes.get(far.nodeGuid()).type() == NodeType.SWITCH
                        && !distance.containsKey(far.nodeGuid())) {
                    distance.put(far.nodeGuid(), distance.get(at) + 1);
                    queue.add(far.nodeGuid());
                }
            }
        }
        return distance;
    }

    FabricModel model() {
        return FabricModel.of(nodes.values(), links);
    }

    Map<String, SwitchTable> switchTables() {
        Map<String, SwitchTable> result = new HashMap<>();
        tables.forEach((guid, ports) -> result.put(guid, new SwitchTable(guid, lidOf(new PortEnd(guid, 0)), ports,
                READ_AT, 0, "agent-1")));
        return result;
    }

    RouteTable build() {
        return RouteBuilder.build(model(), switchTables(), READ_AT);
    }

    List<PortEnd> hostPorts() {
        return lids.keySet().stream().filter(e -> nodes.get(e.nodeGuid()).type() == NodeType.CA).sorted().toList();
    }
}
