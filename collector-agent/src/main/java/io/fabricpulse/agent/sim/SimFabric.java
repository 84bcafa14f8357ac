package io.fabricpulse.agent.sim;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the simulated nodes from a topology and a fault script, once: LIDs, peers, link states,
 * active and supported rates, traffic and faults per port.
 */
final class SimFabric {

    private final Topology topology;
    private final LidPlan lids;
    private final Map<LinkEnd, Link> linksByEnd = new HashMap<>();
    private final Map<Link, LinkSchedule> schedules = new HashMap<>();
    private final Map<Link, Fault.Degrade> degrades = new HashMap<>();
    private final Map<LinkEnd, List<Fault.RisingCounter>> rising = new HashMap<>();
    private final Map<LinkEnd, List<Fault.Congestion>> congestions = new HashMap<>();

    private SimFabric(Topology topology, FaultScript faults) {
        this.topology = topology;
        this.lids = LidPlan.sequential(topology);
        for (Link link : topology.links()) {
            linksByEnd.put(link.a(), link);
            linksByEnd.put(link.b(), link);
        }
        for (Fault fault : faults.faults()) {
            Link link = linksByEnd.get(fault.port());
            if (link == null) {
                throw new IllegalArgumentException("the fault of script line " + fault.line() + " names " + fault.port()
                        + ", which has no cable in this topology");
            }
            switch (fault) {
                case Fault.RisingCounter r -> rising.computeIfAbsent(r.port(), p -> new ArrayList<>()).add(r);
                case Fault.Congestion c -> congestions.computeIfAbsent(c.port(), p -> new ArrayList<>()).add(c);
                case Fault.Flap f -> schedules.put(link, LinkSchedule.of(f));
                case Fault.LinkDown d -> schedules.put(link, LinkSchedule.of(d));
                case Fault.Degrade d -> degrades.put(link, d);
            }
        }
    }

    static List<SimNode> build(Topology topology, FaultScript faults) {
        return new SimFabric(topology, faults).nodes();
    }

    private List<SimNode> nodes() {
        Map<Long, TopologyNode> nodesByGuid = new HashMap<>();
        topology.nodes().forEach(n -> nodesByGuid.put(n.guid(), n));
        List<SimNode> nodes = new ArrayList<>(topology.nodes().size());
        for (TopologyNode node : topology.nodes()) {
            List<SimPort> ports = new ArrayList<>();
            for (int number = 1; number <= node.numPorts(); number++) {
                LinkEnd end = new LinkEnd(node.guid(), number);
                Link link = linksByEnd.get(end);
                if (link != null) {
                    ports.add(port(node, end, link, nodesByGuid));
                }
            }
            String hcaType = node.type() != NodeType.SWITCH && node.deviceId() != 0 ? "MT" + node.deviceId() : null;
            nodes.add(new SimNode(Guids.format(node.guid()), Guids.format(node.systemImageGuid()), node.type(), node.description(),
                    hcaType, node.vendorId() == 0 ? null : node.vendorId(), node.deviceId() == 0 ? null : node.deviceId(),
                    node.numPorts(), List.copyOf(ports)));
        }
        return List.copyOf(nodes);
    }

    private SimPort port(TopologyNode node, LinkEnd end, Link link, Map<Long, TopologyNode> nodesByGuid) {
        LinkEnd farEnd = link.otherEnd(end);
        LinkWidth nominalWidth = link.width() != null ? link.width() : SimSource.DEFAULT_WIDTH;
        LinkSpeed nominalSpeed = link.speed() != null ? link.speed() : SimSource.DEFAULT_SPEED;
        Fault.Degrade degrade = degrades.get(link);
        LinkWidth width = degrade != null && degrade.width() != null ? degrade.width() : nominalWidth;
        LinkSpeed speed = degrade != null && degrade.speed() != null ? degrade.speed() : nominalSpeed;
        double capacityBytesPerSecond = speed.dataRateBitsPerSecond(width) / 8;
        Set<LinkWidth> widths = EnumSet.of(LinkWidth.X1, LinkWidth.X4, nominalWidth);
        Set<LinkSpeed> speeds = EnumSet.range(LinkSpeed.SDR, nominalSpeed);
        return new SimPort(end.port(), lids.lid(node, end.port()), lids.smLid(), node.isSwitch(),
                new PeerPort(Guids.format(farEnd.nodeGuid()), farEnd.port()), schedules.getOrDefault(link, LinkSchedule.ALWAYS_UP),
                width, speed, Set.copyOf(widths), Set.copyOf(speeds),
                TrafficProfile.of(end.nodeGuid(), end.port(), capacityBytesPerSecond),
                TrafficProfile.of(farEnd.nodeGuid(), farEnd.port(), capacityBytesPerSecond),
                List.copyOf(rising.getOrDefault(end, List.of())), List.copyOf(congestions.getOrDefault(end, List.of())));
    }
}
