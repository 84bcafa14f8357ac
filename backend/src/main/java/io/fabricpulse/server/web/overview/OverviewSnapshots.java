package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.UiProperties;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** Takes an {@link OverviewSnapshot} of the live fabric: the summary over every port, rows for the worst. */
@Component
class OverviewSnapshots {

    private final FabricView fabric;
    private final DisplayFormat format;
    private final WorstLinks links;
    private final int maxRows;

    OverviewSnapshots(FabricView fabric, DisplayFormat format, UiProperties ui, WorstLinks links) {
        this.fabric = fabric;
        this.links = links;
        this.format = format;
        this.maxRows = ui.maxRows();
    }

    /** The whole fabric. */
    OverviewSnapshot current() {
        return of(fabric.nodes(), fabric.ports(), null);
    }

    /** Only the nodes in {@code cluster} (their GUIDs) and their ports. */
    OverviewSnapshot current(Set<String> cluster) {
        return of(fabric.nodes().stream().filter(n -> cluster.contains(n.guid())).toList(),
                fabric.ports().stream().filter(p -> cluster.contains(p.nodeGuid())).toList(), cluster);
    }

    private OverviewSnapshot of(List<NodeView> nodes, List<PortView> ports, Set<String> cluster) {
        // Peers are named from the whole fabric: a cable may leave the cluster.
        Map<String, String> names = new HashMap<>();
        for (NodeView node : fabric.nodes()) {
            names.put(node.guid(), node.name());
        }
        // ports() is already worst first (PortView.WORST_FIRST): the page keeps that order.
        List<PortRow> rows = ports.stream().limit(maxRows).map(port -> PortRow.of(port, names, format)).toList();
        List<PortView> withErrors = ports.stream().filter(ErrorCountersRow::hasErrors).toList();
        // Ports with errors first, so the errors-only view shows as many of them as the rows allow.
        List<ErrorCountersRow> errorRows = Stream.concat(withErrors.stream(),
                        ports.stream().filter(p -> !ErrorCountersRow.hasErrors(p)))
                .limit(maxRows).map(ErrorCountersRow::of).toList();
        return OverviewSnapshot.of(FabricSummary.of(nodes, ports, format), rows, errorRows, withErrors.size(),
                links.current(cluster));
    }
}
