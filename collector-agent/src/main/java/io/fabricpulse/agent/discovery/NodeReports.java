package io.fabricpulse.agent.discovery;

import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.PortReport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts node reports from several readings into one batch, where each node may appear once: reports of
 * the same node GUID become one, with each port once. The earlier list wins on conflicts, field by
 * field for the node's identity and whole for a port: the agent's own reading of a port (the umad
 * source) is preferred over the sweep's reading of the same port, and a CA's own identity (HCA type,
 * firmware, known only locally) over the discovery's.
 */
public final class NodeReports {

    private NodeReports() {
    }

    /** {@code first}'s nodes and ports before {@code then}'s. */
    public static List<NodeReport> merge(List<NodeReport> first, List<NodeReport> then) {
        return merge(List.of(first, then));
    }

    public static List<NodeReport> merge(List<List<NodeReport>> readings) {
        Map<String, NodeReport> nodes = new LinkedHashMap<>();
        Map<String, Map<Integer, PortReport>> ports = new LinkedHashMap<>();
        for (List<NodeReport> reading : readings) {
            for (NodeReport node : reading) {
                nodes.merge(node.guid(), node, NodeReports::identity);
                Map<Integer, PortReport> known = ports.computeIfAbsent(node.guid(), g -> new LinkedHashMap<>());
                node.ports().forEach(port -> known.putIfAbsent(port.portNumber(), port));
            }
        }
        List<NodeReport> merged = new ArrayList<>(nodes.size());
        nodes.forEach((guid, node) -> merged.add(node.withPorts(List.copyOf(ports.get(guid).values()))));
        return merged;
    }

    /** {@code first}'s identity, with what it does not know taken from {@code later}. */
    private static NodeReport identity(NodeReport first, NodeReport later) {
        return new NodeReport(first.guid(), or(first.systemImageGuid(), later.systemImageGuid()), first.type(),
                or(first.description(), later.description()), or(first.hcaType(), later.hcaType()),
                or(first.firmware(), later.firmware()), or(first.boardId(), later.boardId()), first.ports(),
                or(first.vendorId(), later.vendorId()), or(first.deviceId(), later.deviceId()),
                or(first.revision(), later.revision()), or(first.numPorts(), later.numPorts()),
                or(first.ipoib(), later.ipoib()), or(first.faults(), later.faults()),
                or(first.forwardingTable(), later.forwardingTable()));
    }

    private static <T> T or(T value, T fallback) {
        return value != null ? value : fallback;
    }
}
