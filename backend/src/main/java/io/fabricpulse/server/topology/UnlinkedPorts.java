package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.topology.model.PortEnd;
import org.springframework.stereotype.Component;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The ports without a cable up, for the topology and inventory pages: every reported InfiniBand port whose
 * physical link is not up (a discover-role agent reports the empty switch ports from its walk), each with
 * where its cable went when the cable history knows. Lost cables first, then by node and port.
 */
@Component
public class UnlinkedPorts {

    private final FabricView fabric;
    private final CableHistory history;

    public UnlinkedPorts(FabricView fabric, CableHistory history) {
        this.fabric = fabric;
        this.history = history;
    }

    public List<UnlinkedPort> now() {
        Map<String, NodeView> nodes = fabric.nodes().stream()
                .collect(Collectors.toMap(NodeView::guid, Function.identity(), (a, b) -> a));
        return fabric.ports(UnlinkedPorts::unlinked).stream().map(p -> unlinked(p, nodes))
                .sorted(Comparator.comparing((UnlinkedPort p) -> !p.cableExpected())
                        .thenComparing(UnlinkedPort::nodeName, Comparator.nullsLast(Comparator.naturalOrder()))
                        .thenComparingInt(UnlinkedPort::port))
                .toList();
    }

    private static boolean unlinked(PortView port) {
        PhysicalState physical = port.physicalState();
        return !port.ethernet() && port.portNumber() > 0 && physical != null && physical != PhysicalState.LINK_UP
                && physical != PhysicalState.LINK_ERROR_RECOVERY;
    }

    private UnlinkedPort unlinked(PortView port, Map<String, NodeView> nodes) {
        String status = port.physicalState() == PhysicalState.DISABLED ? "disabled" : "not linked";
        return history.of(port.nodeGuid(), port.portNumber()).map(linked -> {
            PortEnd peer = linked.peer();
            NodeView peerNode = nodes.get(peer.nodeGuid());
            return new UnlinkedPort(port.nodeGuid(), port.nodeName(), port.nodeType(), port.portNumber(), status,
                    port.state(), port.physicalState(), peer.nodeGuid(), peerNode == null ? peer.nodeGuid() : peerNode.name(),
                    peer.port(), linked.lastSeen());
        }).orElseGet(() -> new UnlinkedPort(port.nodeGuid(), port.nodeName(), port.nodeType(), port.portNumber(), status,
                port.state(), port.physicalState(), null, null, 0, null));
    }
}
