package io.fabricpulse.server.web.inventory;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.PageParameters;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The inventory at one moment: models with their firmware, the nodes (one page of them) and the ports
 * whose link drifted.
 *
 * @param models        every model, switches first, then by model
 * @param mixedModels   models running more than one firmware version
 * @param firmwareDrift nodes whose firmware differs from their model's usual version
 * @param bestLink      the best width and speed seen ("4X EDR")
 * @param drift         ports below the best link or cabled and not Active, at most {@link #MAX_DRIFT_ROWS}
 * @param driftTotal    how many such ports there are
 * @param nodes         this page of nodes, in {@code FabricView.nodes()} order
 * @param page          this page, from 1
 * @param pages         number of pages
 * @param nodeTotal     number of nodes
 */
public record Inventory(List<ModelRow> models, int mixedModels, int firmwareDrift, String bestLink,
                        List<PortDriftRow> drift, int driftTotal, List<NodeInventoryRow> nodes, int page, int pages,
                        int nodeTotal) {

    static final int PAGE_SIZE = 100;
    /** A broken fabric can have hundreds of drifted ports; the page shows the first ones and says how many. */
    static final int MAX_DRIFT_ROWS = 200;
    static final String UNKNOWN_MODEL = "unknown";

    static Inventory of(List<NodeView> nodes, List<PortView> ports, int page, DisplayFormat format) {
        Map<String, NodeView> byGuid = nodes.stream().collect(Collectors.toMap(NodeView::guid, Function.identity(), (a, b) -> a));
        Map<String, List<PortView>> portsByNode = ports.stream().collect(Collectors.groupingBy(PortView::nodeGuid));
        List<ModelRow> models = models(nodes, format);
        Map<String, String> usualFirmware = new LinkedHashMap<>();
        models.forEach(m -> usualFirmware.put(m.type() + "/" + m.model(), m.usual()));

        LinkDrift links = LinkDrift.of(ports);
        List<PortDriftRow> drift = new ArrayList<>();
        Map<String, Integer> driftPerNode = new LinkedHashMap<>();
        for (PortView port : ports) {
            String reason = links.reason(port);
            if (reason != null) {
                driftPerNode.merge(port.nodeGuid(), 1, Integer::sum);
                drift.add(driftRow(port, reason, byGuid, format));
            }
        }
        drift.sort(Comparator.comparing(PortDriftRow::nodeName, Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparingInt(PortDriftRow::port));

        int firmwareDrift = 0;
        List<NodeInventoryRow> rows = new ArrayList<>();
        int from = Math.min((page - 1) * PAGE_SIZE, nodes.size());
        int to = Math.min(from + PAGE_SIZE, nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            NodeView node = nodes.get(i);
            String usual = usualFirmware.get(format.nodeType(node.type()) + "/" + model(node));
            boolean drifted = node.firmware() != null && usual != null && !node.firmware().equals(usual);
            if (drifted) {
                firmwareDrift++;
            }
            if (i >= from && i < to) {
                rows.add(nodeRow(node, portsByNode.getOrDefault(node.guid(), List.of()), drifted,
                        driftPerNode.getOrDefault(node.guid(), 0), format));
            }
        }
        int mixed = (int) models.stream().filter(ModelRow::mixed).count();
        return new Inventory(models, mixed, firmwareDrift, links.best(),
                List.copyOf(drift.subList(0, Math.min(drift.size(), MAX_DRIFT_ROWS))), drift.size(), rows, page,
                PageParameters.pageCount(nodes.size(), PAGE_SIZE), nodes.size());
    }

    private static List<ModelRow> models(List<NodeView> nodes, DisplayFormat format) {
        // Switches first (there are few and they matter most), then by model name.
        Map<String, List<NodeView>> groups = new TreeMap<>();
        for (NodeView node : nodes) {
            String sortKey = (node.type() == NodeType.SWITCH ? "0" : "1")
                    + format.nodeType(node.type()) + "/" + model(node);
            groups.computeIfAbsent(sortKey, k -> new ArrayList<>()).add(node);
        }
        List<ModelRow> models = new ArrayList<>();
        for (List<NodeView> group : groups.values()) {
            Map<String, Long> versions = group.stream().map(NodeView::firmware).filter(Objects::nonNull)
                    .collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()));
            List<ModelRow.FirmwareCount> firmware = versions.entrySet().stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                    .map(e -> new ModelRow.FirmwareCount(e.getKey(), e.getValue().intValue()))
                    .toList();
            NodeView first = group.getFirst();
            models.add(new ModelRow(model(first), format.nodeType(first.type()), group.size(), firmware, firmware.size() > 1));
        }
        return models;
    }

    private static String model(NodeView node) {
        return node.hcaType() == null || node.hcaType().isBlank() ? UNKNOWN_MODEL : node.hcaType();
    }

    private static NodeInventoryRow nodeRow(NodeView node, List<PortView> ports, boolean firmwareDrift, int driftPorts,
                                            DisplayFormat format) {
        int active = (int) ports.stream().filter(p -> p.state() == PortState.ACTIVE).count();
        TreeSet<String> links = ports.stream().filter(p -> p.state() == PortState.ACTIVE)
                .map(p -> format.link(p.linkWidth(), p.linkSpeed()))
                .collect(Collectors.toCollection(TreeSet::new));
        return new NodeInventoryRow(node.guid(), node.name(), format.nodeType(node.type()),
                node.hcaType() == null ? DisplayFormat.MISSING : node.hcaType(),
                node.firmware() == null ? DisplayFormat.MISSING : node.firmware(), firmwareDrift, ports.size(), active,
                links.isEmpty() ? DisplayFormat.MISSING : String.join(", ", links), driftPorts);
    }

    private static PortDriftRow driftRow(PortView port, String reason, Map<String, NodeView> nodes, DisplayFormat format) {
        String peer = DisplayFormat.MISSING;
        if (port.peerGuid() != null) {
            NodeView peerNode = nodes.get(port.peerGuid());
            peer = (peerNode == null ? port.peerGuid() : peerNode.name()) + "[" + port.peerPort() + "]";
        }
        return new PortDriftRow(port.nodeGuid(), port.nodeName(), port.portNumber(),
                format.portState(port.state()) + " / " + format.physicalState(port.physicalState()),
                format.link(port.linkWidth(), port.linkSpeed()), reason, peer, port.peerGuid(), port.peerPort());
    }
}
