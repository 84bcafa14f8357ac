package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.PortInfo;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.PortAddress;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Turns the walk's findings into a {@link Topology} and the per-node details. Nodes are ordered as
 * ibnetdiscover prints them, switches first, then CAs, then routers, and within each kind the node
 * found last first (ibnetdiscover lists nodes in reverse order of discovery); "found last" here is
 * by each node's shortest route, so the order does not depend on which answer came first.
 */
final class FabricAssembler {

    private static final List<NodeType> KIND_ORDER = List.of(NodeType.SWITCH, NodeType.CA, NodeType.ROUTER);

    private final Collection<NodeState> states;
    private final Map<LinkEnd, LinkEnd> cables;
    private final List<String> problems;

    FabricAssembler(Collection<NodeState> states, Map<LinkEnd, LinkEnd> cables, List<String> problems) {
        this.states = states;
        this.cables = cables;
        this.problems = problems;
    }

    DiscoveredFabric assemble(NodeState start, long startPortGuid, int requests, int failedRequests, Duration elapsed,
                              int unlistedProblems) {
        List<NodeState> ordered = new ArrayList<>(states);
        ordered.sort(Comparator.<NodeState>comparingInt(n -> KIND_ORDER.indexOf(n.info.nodeType()))
                .thenComparing(NodeState::canonicalRoute, (a, b) -> NodeState.compareRoutes(b, a)));
        Map<Long, Set<Integer>> cabledPorts = new HashMap<>();
        for (LinkEnd end : cables.keySet()) {
            cabledPorts.computeIfAbsent(end.nodeGuid(), g -> new TreeSet<>()).add(end.port());
        }
        Map<Long, DiscoveredNode> details = new LinkedHashMap<>();
        List<TopologyNode> nodes = new ArrayList<>();
        for (NodeState state : ordered) {
            DiscoveredNode node = new DiscoveredNode(state.info, description(state), state.route, state.enhancedPort0,
                    state.ports);
            details.put(node.guid(), node);
            nodes.add(new TopologyNode(node.guid(), state.info.nodeType(), state.info.numPorts(), node.description(),
                    state.info.systemImageGuid(), state.info.vendorId(), state.info.deviceId(),
                    addresses(state, node, cabledPorts.getOrDefault(node.guid(), Set.of()))));
        }
        List<Link> links = new ArrayList<>();
        for (Map.Entry<LinkEnd, LinkEnd> cable : cables.entrySet()) {
            LinkEnd a = cable.getKey();
            LinkEnd b = cable.getValue();
            if (a.compareTo(b) < 0) {
                links.add(new Link(a, b, known(LinkRates::width, portInfo(details, a), portInfo(details, b)),
                        known(LinkRates::speed, portInfo(details, a), portInfo(details, b))));
            }
        }
        List<String> lines = new ArrayList<>(problems);
        if (unlistedProblems > 0) {
            lines.add("... and " + unlistedProblems + " more problems");
        }
        return new DiscoveredFabric(new Topology(nodes, links), details, start == null ? 0 : start.info.nodeGuid(),
                startPortGuid, requests, failedRequests, lines, elapsed);
    }

    private static String description(NodeState state) {
        String id = nodeId(state.info.nodeType(), state.info.nodeGuid());
        return state.description == null ? id : NodeDescriptions.clean(state.description, id);
    }

    /** A switch's port 0, or a CA's cabled ports, with their GUIDs and LIDs (0 when PortInfo did not answer). */
    private static List<PortAddress> addresses(NodeState state, DiscoveredNode node, Set<Integer> cabled) {
        if (node.isSwitch()) {
            return List.of(new PortAddress(0, state.info.portGuid(), node.lidOf(0)));
        }
        List<PortAddress> addresses = new ArrayList<>();
        for (int port : cabled) {
            addresses.add(new PortAddress(port, state.portGuids.getOrDefault(port, 0L), node.lidOf(port)));
        }
        return addresses;
    }

    /** What {@code one} end's PortInfo says, or else the {@code other}'s (both ends of a live link agree). */
    private static <T> T known(Function<PortInfo, T> field, PortInfo one, PortInfo other) {
        T value = one == null ? null : field.apply(one);
        return value != null || other == null ? value : field.apply(other);
    }

    private static PortInfo portInfo(Map<Long, DiscoveredNode> details, LinkEnd end) {
        DiscoveredNode node = details.get(end.nodeGuid());
        return node == null ? null : node.portInfo(end.port());
    }

    /** ibnetdiscover's node id: {@code S-}, {@code H-} or {@code R-} and the GUID in 16 hex digits. */
    static String nodeId(NodeType type, long guid) {
        char letter = switch (type) {
            case SWITCH -> 'S';
            case CA -> 'H';
            case ROUTER -> 'R';
        };
        return letter + "-" + "%016x".formatted(guid);
    }
}
