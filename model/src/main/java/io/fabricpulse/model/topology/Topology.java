package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.Guids;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A fabric: its nodes and the cables between their ports. Immutable and always consistent: node
 * GUIDs are unique, every link end is a real port of a listed node, no port has two cables, a switch
 * has exactly its port 0 address and a CA or router exactly its cabled ports' addresses. Links are
 * kept sorted, so two topologies with the same content are equal records.
 *
 * @param nodes the nodes, in the order of the file
 * @param links the cables, sorted by their lower end
 */
public record Topology(List<TopologyNode> nodes, List<Link> links) {

    public Topology {
        nodes = List.copyOf(nodes);
        List<Link> sorted = new ArrayList<>(links);
        sorted.sort((x, y) -> x.a().compareTo(y.a()));
        links = List.copyOf(sorted);
        checkConsistent(nodes, links);
    }

    /** The node with GUID {@code guid}. */
    public Optional<TopologyNode> node(long guid) {
        return nodes.stream().filter(n -> n.guid() == guid).findFirst();
    }

    /** The link plugged into {@code end}. */
    public Optional<Link> linkAt(LinkEnd end) {
        return links.stream().filter(l -> l.touches(end)).findFirst();
    }

    private static void checkConsistent(List<TopologyNode> nodes, List<Link> links) {
        Map<Long, TopologyNode> byGuid = new HashMap<>();
        for (TopologyNode node : nodes) {
            if (byGuid.put(node.guid(), node) != null) {
                throw new IllegalArgumentException("node GUID " + Guids.format(node.guid()) + " appears twice");
            }
        }
        Set<LinkEnd> cabled = new HashSet<>();
        for (Link link : links) {
            for (LinkEnd end : List.of(link.a(), link.b())) {
                TopologyNode node = byGuid.get(end.nodeGuid());
                if (node == null) {
                    throw new IllegalArgumentException("link " + link + " ends at an unknown node " + end);
                }
                if (end.port() > node.numPorts()) {
                    throw new IllegalArgumentException("link end " + end + " is beyond the node's " + node.numPorts() + " ports");
                }
                if (!cabled.add(end)) {
                    throw new IllegalArgumentException("port " + end + " has two cables");
                }
            }
        }
        for (TopologyNode node : nodes) {
            List<Integer> expected = new ArrayList<>();
            if (node.isSwitch()) {
                expected.add(0);
            } else {
                for (int port = 1; port <= node.numPorts(); port++) {
                    if (cabled.contains(new LinkEnd(node.guid(), port))) {
                        expected.add(port);
                    }
                }
            }
            List<Integer> actual = node.addresses().stream().map(PortAddress::port).toList();
            if (!actual.equals(expected)) {
                throw new IllegalArgumentException("node " + Guids.format(node.guid()) + " must have addresses for ports "
                        + expected + ", has " + actual);
            }
        }
    }
}
