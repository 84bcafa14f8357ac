package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.model.ingest.ForwardingTable;
import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.TopologyNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Discoveries and sweeps in the ingest schema, so they travel in ordinary batches: one
 * {@link NodeReport} per node, one {@link PortReport} per swept port with its counters and its peer from
 * the discovered topology (that is how switch-to-switch links reach the server), and nodes known only
 * from the walk by their identity. A port whose PortInfo is unknown or names no valid state is left
 * out: the schema needs both states.
 */
public final class FabricReports {

    private FabricReports() {
    }

    /** The swept ports, grouped by node in topology order. */
    public static List<NodeReport> swept(DiscoveredFabric fabric, SweepResult result) {
        Map<Long, List<PortReport>> byNode = new HashMap<>();
        for (PortSample sample : result.samples()) {
            DiscoveredNode node = fabric.node(sample.target().nodeGuid());
            PortInfo info = sample.portInfo() == null ? node.portInfo(sample.target().port())
                    : governed(node, sample.portInfo());
            PortReport report = port(fabric, node, sample.target().port(), info, sample.extended(), sample.counters(),
                    sample.target().peer());
            if (report != null) {
                byNode.computeIfAbsent(node.guid(), g -> new ArrayList<>()).add(report);
            }
        }
        List<NodeReport> nodes = new ArrayList<>();
        for (TopologyNode node : fabric.topology().nodes()) {
            List<PortReport> ports = byNode.get(node.guid());
            if (ports != null) {
                nodes.add(node(fabric.node(node.guid()), ports));
            }
        }
        return nodes;
    }

    /**
     * The nodes {@code which} accepts, identity only (type, GUIDs, description) and no ports: their
     * cables are already in the peers of the switch ports, and a port report without counters would
     * displace, as the newer sample of that port, the counters its own host's agent reports.
     */
    public static List<NodeReport> identities(DiscoveredFabric fabric, Predicate<DiscoveredNode> which) {
        List<NodeReport> nodes = new ArrayList<>();
        for (TopologyNode node : fabric.topology().nodes()) {
            DiscoveredNode details = fabric.node(node.guid());
            if (which.test(details)) {
                nodes.add(node(details, List.of()));
            }
        }
        return nodes;
    }

    /**
     * The switches whose forwarding tables were read, identity and table only: their ports are the sweep's,
     * merged into the same node report (see {@link NodeReports}).
     */
    public static List<NodeReport> forwardingTables(DiscoveredFabric fabric, ForwardingTableReader.Result result) {
        List<NodeReport> nodes = new ArrayList<>();
        for (TopologyNode node : fabric.topology().nodes()) {
            ForwardingTable table = result.tables().get(node.guid());
            if (table != null) {
                nodes.add(node(fabric.node(node.guid()), List.of(), table));
            }
        }
        return nodes;
    }

    private static NodeReport node(DiscoveredNode node, List<PortReport> ports) {
        return node(node, ports, null);
    }

    private static NodeReport node(DiscoveredNode node, List<PortReport> ports, ForwardingTable table) {
        long systemImageGuid = node.info().systemImageGuid();
        return new NodeReport(Guids.format(node.guid()), systemImageGuid == 0 ? null : Guids.format(systemImageGuid),
                node.info().nodeType(), node.description(), null, null, null, List.copyOf(ports), table);
    }

    /**
     * A port's report, or null when its PortInfo is missing or its states are not valid codes. A switch
     * port's LID and SM LID are its port 0's: external switch ports carry neither. The far end comes with the
     * LID the walk read for it, which names a host without an agent in the forwarding tables.
     */
    private static PortReport port(DiscoveredFabric fabric, DiscoveredNode node, int port, PortInfo info,
                                   boolean extended, Map<String, Long> counters, LinkEnd peer) {
        if (info == null || info.state() == null || info.physical() == null) {
            return null;
        }
        PortInfo port0 = node.ports().get(0);
        int smLid = node.isSwitch() ? (port0 == null ? 0 : port0.smLid()) : info.smLid();
        return new PortReport(port, node.lidOf(port), smLid, info.state(), info.physical(), info.activeWidth(),
                info.activeSpeed(), info.supportedWidths(), info.supportedSpeeds(), "InfiniBand", extended, counters,
                new PeerPort(Guids.format(peer.nodeGuid()), peer.port(), peerLid(fabric, peer)));
    }

    /** The LID the walk read for the far end's port, null when it read none. */
    private static Integer peerLid(DiscoveredFabric fabric, LinkEnd peer) {
        DiscoveredNode far = fabric.node(peer.nodeGuid());
        int lid = far == null ? 0 : far.lidOf(peer.port());
        return lid == 0 ? null : lid;
    }

    /** A freshly read PortInfo under the capability mask that governs it (port 0's on a switch). */
    private static PortInfo governed(DiscoveredNode node, PortInfo fresh) {
        PortInfo port0 = node.ports().get(0);
        return node.isSwitch() && port0 != null ? fresh.withCapabilityMask(port0.capabilityMask()) : fresh;
    }
}
