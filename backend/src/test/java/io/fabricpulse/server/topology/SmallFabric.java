package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A small fabric whose cables a test changes, reported as a discover-role agent reports it: every
 * cabled switch port with its peer, the CAs by identity. Two switches joined by two cables (s1[3] -
 * s2[3], s1[4] - s2[4]); h1 on s1[1]; dual-port h2 on s1[2] and s2[2]; h3 on s2[1].
 */
final class SmallFabric {

    static final String S1 = "0x0000000000000a01";
    static final String S2 = "0x0000000000000a02";
    static final String H1 = "0x0000000000000b01";
    static final String H2 = "0x0000000000000b02";
    static final String H3 = "0x0000000000000b03";
    static final Map<String, NodeType> TYPES = Map.of(S1, NodeType.SWITCH, S2, NodeType.SWITCH, H1, NodeType.CA,
            H2, NodeType.CA, H3, NodeType.CA);

    record Cable(String a, int aPort, String b, int bPort) {
    }

    private final List<Cable> cables = new ArrayList<>(List.of(
            new Cable(S1, 3, S2, 3), new Cable(S1, 4, S2, 4), new Cable(S1, 1, H1, 1), new Cable(S1, 2, H2, 1), new Cable(S2, 2, H2, 2),
            new Cable(S2, 1, H3, 1)));
    private final Map<String, LinkWidth> widths = new LinkedHashMap<>();
    private long sequence;

    void unlink(String node, int port) {
        cables.removeIf(c -> (c.a().equals(node) && c.aPort() == port) || (c.b().equals(node) && c.bPort() == port));
    }

    void link(String a, int aPort, String b, int bPort) {
        cables.add(new Cable(a, aPort, b, bPort));
    }

    /** The cable at {@code node}[{@code port}] runs at {@code width} (both ends still support 4X). */
    void width(String node, int port, LinkWidth width) {
        widths.put(node + port, width);
    }

    /** What a discover-role agent on h2 pushes at {@code at}: the walk's result when {@code walk}. */
    IngestBatch discovered(Instant at, boolean walk, boolean complete) {
        Set<String> reached = reached();
        List<NodeReport> nodes = new ArrayList<>();
        for (String node : TYPES.keySet().stream().sorted().toList()) {
            if (!reached.contains(node) || (TYPES.get(node) == NodeType.CA && !walk)) {
                continue;
            }
            List<PortReport> ports = new ArrayList<>();
            if (TYPES.get(node) == NodeType.SWITCH) {
                for (Cable cable : cables) {
                    if (cable.a().equals(node)) {
                        ports.add(port(cable.aPort(), cable.b(), cable.bPort(), PortState.ACTIVE));
                    } else if (cable.b().equals(node)) {
                        ports.add(port(cable.bPort(), cable.a(), cable.aPort(), PortState.ACTIVE));
                    }
                }
            }
            nodes.add(new NodeReport(node, null, TYPES.get(node), "node " + node.substring(14), null, null, null, ports));
        }
        IngestBatch.Discovery discovery = walk ? new IngestBatch.Discovery(complete, H2, 1, at) : null;
        return new IngestBatch(1, "discoverer", ++sequence, at, "umad", nodes, discovery);
    }

    /** What h3's own agent pushes: its port 1 as it sees it. */
    static IngestBatch hostAgent(String guid, long sequence, Instant at, PortState state, String peer, int peerPort) {
        return hostAgent(guid, sequence, at, state, peer, peerPort, 9);
    }

    /** As {@link #hostAgent(String, long, Instant, PortState, String, int)}, the port at LID {@code lid}. */
    static IngestBatch hostAgent(String guid, long sequence, Instant at, PortState state, String peer, int peerPort,
                                 int lid) {
        PortReport port = new PortReport(1, lid, 1, state, state == PortState.DOWN ? PhysicalState.POLLING : PhysicalState.LINK_UP,
                state == PortState.DOWN ? null : LinkWidth.X4, state == PortState.DOWN ? null : LinkSpeed.EDR,
                EnumSet.of(LinkWidth.X1, LinkWidth.X4), EnumSet.of(LinkSpeed.SDR, LinkSpeed.EDR), "InfiniBand", true,
                Map.of(), peer == null ? null : new PeerPort(peer, peerPort));
        return new IngestBatch(1, "agent-" + guid, sequence, at, "umad",
                List.of(new NodeReport(guid, null, NodeType.CA, "host " + guid.substring(14), null, null, null, List.of(port))),
                null);
    }

    private PortReport port(int number, String peer, int peerPort, PortState state) {
        LinkWidth width = widths.getOrDefault(peer + peerPort, LinkWidth.X4);
        return new PortReport(number, 2, 1, state, PhysicalState.LINK_UP, width, LinkSpeed.EDR,
                EnumSet.of(LinkWidth.X1, LinkWidth.X4), EnumSet.of(LinkSpeed.SDR, LinkSpeed.EDR), "InfiniBand", true,
                Map.of(), new PeerPort(peer, peerPort));
    }

    /** Nodes reachable from h2 over the cables. */
    private Set<String> reached() {
        Set<String> reached = new java.util.HashSet<>(Set.of(H2));
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Cable cable : cables) {
                if (reached.contains(cable.a()) != reached.contains(cable.b())) {
                    reached.add(cable.a());
                    reached.add(cable.b());
                    grew = true;
                }
            }
        }
        return reached;
    }
}
