package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.NodeInfo;
import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.agent.mad.PortReports;
import io.fabricpulse.model.ingest.CounterWidth;
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
 * from the walk by their identity. A port whose PortInfo is unknown is left out; one whose PortInfo holds
 * reserved values is reported with those fields unknown and the values as faults.
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
            PortReport report = port(fabric, node, sample.target().port(), info, sample.width(), sample.counters(),
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

    /**
     * The switch ports the walk found without a cable (Down, Polling, Disabled), from their PortInfo of the
     * walk, without counters: so the server can list empty and disabled ports, and see a port that lost its
     * cable. Reported on the poll after a walk, like the CAs' identities.
     */
    public static List<NodeReport> unlinkedSwitchPorts(DiscoveredFabric fabric) {
        List<NodeReport> nodes = new ArrayList<>();
        for (TopologyNode node : fabric.topology().nodes()) {
            DiscoveredNode details = fabric.node(node.guid());
            if (!details.isSwitch()) {
                continue;
            }
            List<PortReport> ports = new ArrayList<>();
            for (int port = 1; port <= node.numPorts(); port++) {
                if (fabric.topology().linkAt(new LinkEnd(node.guid(), port)).isEmpty()) {
                    PortReport report = port(fabric, details, port, details.portInfo(port), CounterWidth.BASIC,
                            Map.of(), null);
                    if (report != null) {
                        ports.add(report);
                    }
                }
            }
            if (!ports.isEmpty()) {
                nodes.add(node(details, ports));
            }
        }
        return nodes;
    }

    private static NodeReport node(DiscoveredNode node, List<PortReport> ports) {
        return node(node, ports, null);
    }

    private static NodeReport node(DiscoveredNode node, List<PortReport> ports, ForwardingTable table) {
        long systemImageGuid = node.info().systemImageGuid();
        NodeInfo info = node.info();
        return new NodeReport(Guids.format(node.guid()), systemImageGuid == 0 ? null : Guids.format(systemImageGuid),
                info.nodeType(), node.description(), null, null, null, List.copyOf(ports), info.vendorId(),
                info.deviceId(), info.revision(), info.numPorts(), null, null, table);
    }

    /**
     * A port's report, or null when its PortInfo is missing. A switch port's LID and SM LID are its port 0's:
     * external switch ports carry neither. The far end comes with what the walk read of its port, its LID
     * included (which names a host without an agent in the forwarding tables).
     */
    private static PortReport port(DiscoveredFabric fabric, DiscoveredNode node, int port, PortInfo info,
                                   CounterWidth width, Map<String, Long> counters, LinkEnd peer) {
        if (info == null) {
            return null;
        }
        PortInfo port0 = node.ports().get(0);
        int smLid = node.isSwitch() ? (port0 == null ? 0 : port0.smLid()) : info.smLid();
        PeerPort far = null;
        if (peer != null) {
            DiscoveredNode peerNode = fabric.node(peer.nodeGuid());
            PortInfo peerInfo = peerNode == null ? null : peerNode.portInfo(peer.port());
            int peerLid = peerNode == null ? 0 : peerNode.lidOf(peer.port());
            far = new PeerPort(Guids.format(peer.nodeGuid()), peer.port(), peerInfo == null ? null : peerInfo.capability(),
                    peerLid == 0 ? null : peerLid);
        }
        return PortReports.of(port, node.lidOf(port), smLid, info, width, counters, far);
    }

    /** A freshly read PortInfo under the capability mask that governs it (port 0's on a switch). */
    private static PortInfo governed(DiscoveredNode node, PortInfo fresh) {
        PortInfo port0 = node.ports().get(0);
        return node.isSwitch() && port0 != null ? fresh.withCapabilityMask(port0.capabilityMask()) : fresh;
    }
}
