package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.PortAddress;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.FabricNode;
import io.fabricpulse.server.topology.model.LinkEndState;
import io.fabricpulse.server.topology.model.PortEnd;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Between the server's {@link FabricModel} and the agent's ibnetdiscover model ({@link Topology}, which
 * {@code TopologyParser} reads and {@code TopologyWriter} prints), so a dump imports and exports with
 * the same code the agent's {@code discover} uses.
 *
 * <p>What the ingest schema does not carry is written the way {@code TopologyParser} assumes it for a
 * file that leaves it out (ibsim's convention): a switch's port 0 GUID is its node GUID, a CA port's
 * GUID is the node GUID plus the port number, the system image GUID is the node GUID, vendor and
 * device ids are 0. Reading the export back therefore gives the same model.
 */
final class TopologyFiles {

    private TopologyFiles() {
    }

    static FabricModel fromTopology(Topology topology) {
        List<FabricNode> nodes = new ArrayList<>();
        for (TopologyNode node : topology.nodes()) {
            nodes.add(new FabricNode(Guids.format(node.guid()), node.type(), node.description(), node.numPorts()));
        }
        Map<Long, TopologyNode> byGuid = new HashMap<>();
        topology.nodes().forEach(node -> byGuid.put(node.guid(), node));
        List<FabricLink> links = new ArrayList<>();
        for (Link link : topology.links()) {
            links.add(FabricLink.between(end(link.a(), byGuid, link), end(link.b(), byGuid, link)));
        }
        return FabricModel.of(nodes, links);
    }

    private static LinkEndState end(LinkEnd end, Map<Long, TopologyNode> nodes, Link link) {
        TopologyNode node = nodes.get(end.nodeGuid());
        PortAddress address = node.isSwitch() ? node.address(0) : node.address(end.port());
        return LinkEndState.bare(new PortEnd(Guids.format(end.nodeGuid()), end.port()), address == null ? 0 : address.lid(),
                link.width(), link.speed());
    }

    /** The model as an ibnetdiscover topology; nodes of unknown type and their cables are left out. */
    static Topology toTopology(FabricModel model) {
        Map<String, Integer> highestPort = new HashMap<>();
        Map<PortEnd, Integer> lids = new HashMap<>();
        List<Link> links = new ArrayList<>();
        for (FabricLink link : model.links()) {
            FabricNode a = model.nodes().get(link.a().end().nodeGuid());
            FabricNode b = model.nodes().get(link.b().end().nodeGuid());
            if (a.type() == null || b.type() == null) {
                continue;
            }
            for (LinkEndState end : List.of(link.a(), link.b())) {
                highestPort.merge(end.end().nodeGuid(), end.end().port(), Math::max);
                lids.put(end.end(), end.lid());
            }
            links.add(Link.between(linkEnd(link.a().end()), linkEnd(link.b().end()), link.width(), link.speed()));
        }
        List<TopologyNode> nodes = new ArrayList<>();
        for (FabricNode node : model.nodes().values()) {
            if (node.type() == null) {
                continue;
            }
            long guid = Guids.parse(node.guid());
            int numPorts = Math.clamp(Math.max(node.numPorts(), highestPort.getOrDefault(node.guid(), 1)), 1, 255);
            List<PortAddress> addresses = new ArrayList<>();
            if (node.type() == io.fabricpulse.model.ingest.NodeType.SWITCH) {
                int lid = lids.entrySet().stream().filter(e -> e.getKey().nodeGuid().equals(node.guid()))
                        .mapToInt(Map.Entry::getValue).max().orElse(0);
                addresses.add(new PortAddress(0, guid, lid));
            } else {
                for (int port = 1; port <= numPorts; port++) {
                    Integer lid = lids.get(new PortEnd(node.guid(), port));
                    if (lid != null) {
                        addresses.add(new PortAddress(port, guid + port, lid));
                    }
                }
            }
            nodes.add(new TopologyNode(guid, node.type(), numPorts, description(node), guid, 0, 0, addresses));
        }
        return new Topology(nodes, links);
    }

    private static LinkEnd linkEnd(PortEnd end) {
        return new LinkEnd(Guids.parse(end.nodeGuid()), end.port());
    }

    /** A description the file format can hold: no quotes or control characters, never empty. */
    private static String description(FabricNode node) {
        String text = node.description() == null ? "" : node.description().strip().replace('"', '\'');
        StringBuilder clean = new StringBuilder();
        text.codePoints().forEach(cp -> clean.appendCodePoint(Character.isISOControl(cp) ? ' ' : cp));
        return TopologyNode.isValidDescription(clean.toString()) ? clean.toString() : node.guid();
    }
}
