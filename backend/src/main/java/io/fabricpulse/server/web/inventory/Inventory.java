package io.fabricpulse.server.web.inventory;

import io.fabricpulse.model.ingest.IpoibInterface;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.topology.UnlinkedPort;
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
 * The inventory at one moment: models with their firmware, the nodes (one page of them), the ports whose link
 * drifted, IPoIB interfaces off their cluster's usual mode or MTU, and the ports without a cable.
 *
 * @param models        every model, switches first, then by model
 * @param mixedModels   models running more than one firmware version
 * @param firmwareDrift nodes whose firmware differs from their model's usual version
 * @param drift         ports below what both ends can do, or cabled and not Active, at most {@link #MAX_ROWS}
 * @param driftTotal    how many such ports there are
 * @param unjudged      Active InfiniBand ports whose capability (or their far end's) is unknown: not judged
 * @param ipoibDrift    IPoIB interfaces off their cluster's usual mode or MTU, at most {@link #MAX_ROWS}
 * @param ipoibDriftTotal how many there are
 * @param unlinked      ports without a cable up (lost cables first), at most {@link #MAX_ROWS}
 * @param unlinkedTotal how many there are
 * @param disabled      how many of them are disabled
 * @param lostCables    how many of them had a cable by the history or the baseline (those alert)
 * @param nodes         this page of nodes, in {@code FabricView.nodes()} order
 * @param page          this page, from 1
 * @param pages         number of pages
 * @param nodeTotal     number of nodes
 */
public record Inventory(List<ModelRow> models, int mixedModels, int firmwareDrift, List<PortDriftRow> drift,
                        int driftTotal, int unjudged, List<IpoibRow> ipoibDrift, int ipoibDriftTotal,
                        List<UnlinkedPort> unlinked, int unlinkedTotal, int disabled, int lostCables,
                        List<NodeInventoryRow> nodes, int page, int pages, int nodeTotal) {

    static final int PAGE_SIZE = 100;
    /** A broken fabric can have hundreds of drifted or empty ports; the page shows the first ones and says how many. */
    static final int MAX_ROWS = 200;
    static final String UNKNOWN_MODEL = "unknown";

    /** @param clusterOf the cluster a node belongs to, null when none: IPoIB settings are compared within it */
    static Inventory of(List<NodeView> nodes, List<PortView> ports, List<UnlinkedPort> unlinked,
                        Function<String, String> clusterOf, int page, DisplayFormat format) {
        Map<String, NodeView> byGuid = nodes.stream().collect(Collectors.toMap(NodeView::guid, Function.identity(), (a, b) -> a));
        Map<String, List<PortView>> portsByNode = ports.stream().collect(Collectors.groupingBy(PortView::nodeGuid));
        List<ModelRow> models = models(nodes, format);
        Map<String, String> usualFirmware = new LinkedHashMap<>();
        models.forEach(m -> usualFirmware.put(m.type() + "/" + m.model(), m.usual()));

        LinkDrift links = LinkDrift.of(ports);
        List<PortDriftRow> drift = new ArrayList<>();
        Map<String, Integer> driftPerNode = new LinkedHashMap<>();
        int unjudged = 0;
        for (PortView port : ports) {
            String reason = links.reason(port);
            if (reason != null) {
                driftPerNode.merge(port.nodeGuid(), 1, Integer::sum);
                drift.add(driftRow(port, reason, byGuid, format));
            } else if (port.state() == PortState.ACTIVE && !links.judged(port)) {
                unjudged++;
            }
        }
        drift.sort(Comparator.comparing(PortDriftRow::nodeName, Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparingInt(PortDriftRow::port));

        IpoibDrift ipoib = IpoibDrift.of(nodes, clusterOf);
        int firmwareDrift = 0;
        List<NodeInventoryRow> rows = new ArrayList<>();
        int from = Math.min((page - 1) * PAGE_SIZE, nodes.size());
        int to = Math.min(from + PAGE_SIZE, nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            NodeView node = nodes.get(i);
            String usual = usualFirmware.get(format.nodeType(node.type()) + "/" + model(node, format));
            boolean drifted = node.firmware() != null && usual != null && !node.firmware().equals(usual);
            if (drifted) {
                firmwareDrift++;
            }
            if (i >= from && i < to) {
                rows.add(nodeRow(node, portsByNode.getOrDefault(node.guid(), List.of()), drifted,
                        driftPerNode.getOrDefault(node.guid(), 0), ipoib.drifts(node.guid()), format));
            }
        }
        int mixed = (int) models.stream().filter(ModelRow::mixed).count();
        int disabled = (int) unlinked.stream().filter(p -> p.status().equals("disabled")).count();
        int lost = (int) unlinked.stream().filter(UnlinkedPort::cableExpected).count();
        return new Inventory(models, mixed, firmwareDrift, first(drift), drift.size(), unjudged, first(ipoib.rows()),
                ipoib.rows().size(), first(unlinked), unlinked.size(), disabled, lost, rows, page,
                PageParameters.pageCount(nodes.size(), PAGE_SIZE), nodes.size());
    }

    private static <T> List<T> first(List<T> rows) {
        return List.copyOf(rows.subList(0, Math.min(rows.size(), MAX_ROWS)));
    }

    private static List<ModelRow> models(List<NodeView> nodes, DisplayFormat format) {
        // Switches first (there are few and they matter most), then by model name.
        Map<String, List<NodeView>> groups = new TreeMap<>();
        for (NodeView node : nodes) {
            String sortKey = (node.type() == NodeType.SWITCH ? "0" : "1")
                    + format.nodeType(node.type()) + "/" + model(node, format);
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
            models.add(new ModelRow(model(first, format), format.nodeType(first.type()), group.size(), firmware,
                    firmware.size() > 1));
        }
        return models;
    }

    private static String model(NodeView node, DisplayFormat format) {
        String model = format.model(node);
        return model.equals(DisplayFormat.MISSING) ? UNKNOWN_MODEL : model;
    }

    private static NodeInventoryRow nodeRow(NodeView node, List<PortView> ports, boolean firmwareDrift, int driftPorts,
                                            boolean ipoibDrift, DisplayFormat format) {
        List<PortView> active = ports.stream().filter(p -> p.state() == PortState.ACTIVE).toList();
        TreeSet<String> links = active.stream().map(format::link).collect(Collectors.toCollection(TreeSet::new));
        TreeSet<String> capabilities = active.stream().filter(p -> !p.ethernet())
                .map(p -> format.capability(p.capability())).collect(Collectors.toCollection(TreeSet::new));
        return new NodeInventoryRow(node.guid(), node.name(), format.nodeType(node.type()), format.model(node),
                node.deviceId() == null ? DisplayFormat.MISSING : "0x%04x".formatted(node.deviceId()),
                node.revision() == null ? DisplayFormat.MISSING : "0x%08x".formatted(node.revision()),
                node.numPorts() == null ? DisplayFormat.MISSING : node.numPorts().toString(),
                node.firmware() == null ? DisplayFormat.MISSING : node.firmware(),
                node.boardId() == null ? DisplayFormat.MISSING : node.boardId(), firmwareDrift, ports.size(),
                active.size(), links.isEmpty() ? DisplayFormat.MISSING : String.join(", ", links),
                capabilities.isEmpty() ? DisplayFormat.MISSING : String.join("; ", capabilities), ipoib(node.ipoib()),
                ipoibDrift, driftPorts);
    }

    private static String ipoib(List<IpoibInterface> interfaces) {
        if (interfaces == null || interfaces.isEmpty()) {
            return DisplayFormat.MISSING;
        }
        return interfaces.stream().map(i -> i.name() + " " + Objects.requireNonNullElse(i.mode(), "?") + " " + i.mtu()
                + " " + Objects.requireNonNullElse(i.state(), "?")).collect(Collectors.joining(", "));
    }

    private static PortDriftRow driftRow(PortView port, String reason, Map<String, NodeView> nodes, DisplayFormat format) {
        String peer = DisplayFormat.MISSING;
        if (port.peerGuid() != null) {
            NodeView peerNode = nodes.get(port.peerGuid());
            peer = (peerNode == null ? port.peerGuid() : peerNode.name()) + "[" + port.peerPort() + "]";
        }
        return new PortDriftRow(port.nodeGuid(), port.nodeName(), port.portNumber(),
                format.portState(port.state()) + " / " + format.physicalState(port.physicalState()),
                format.link(port), reason, peer, port.peerGuid(), port.peerPort());
    }
}
