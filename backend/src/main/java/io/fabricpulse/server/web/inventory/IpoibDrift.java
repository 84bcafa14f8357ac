package io.fabricpulse.server.web.inventory;

import io.fabricpulse.model.ingest.IpoibInterface;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.web.DisplayFormat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * IPoIB interfaces whose mode or MTU differs from what their cluster usually runs (the most common pair;
 * a tie goes to the first in order). The seed notes' classic: one host in datagram mode with MTU 2044 among
 * connected 65520 ones halves its IPoIB throughput and breaks jumbo-frame assumptions.
 */
final class IpoibDrift {

    private static final String WHOLE_FABRIC = "whole fabric";

    private final List<IpoibRow> rows;
    private final Set<String> drifted;

    private IpoibDrift(List<IpoibRow> rows, Set<String> drifted) {
        this.rows = rows;
        this.drifted = drifted;
    }

    static IpoibDrift of(List<NodeView> nodes, Function<String, String> clusterOf) {
        Map<String, List<Map.Entry<NodeView, IpoibInterface>>> byCluster = new TreeMap<>();
        for (NodeView node : nodes) {
            if (node.ipoib() == null) {
                continue;
            }
            String cluster = Objects.requireNonNullElse(clusterOf.apply(node.guid()), WHOLE_FABRIC);
            node.ipoib().forEach(i -> byCluster.computeIfAbsent(cluster, c -> new ArrayList<>()).add(Map.entry(node, i)));
        }
        List<IpoibRow> rows = new ArrayList<>();
        Set<String> drifted = new HashSet<>();
        byCluster.forEach((cluster, interfaces) -> {
            Map<String, Integer> counts = new LinkedHashMap<>();
            interfaces.forEach(e -> counts.merge(setting(e.getValue()), 1, Integer::sum));
            String usual = counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
            for (Map.Entry<NodeView, IpoibInterface> e : interfaces) {
                IpoibInterface i = e.getValue();
                if (!setting(i).equals(usual)) {
                    drifted.add(e.getKey().guid());
                    rows.add(new IpoibRow(e.getKey().guid(), e.getKey().name(), cluster, i.name(),
                            Objects.requireNonNullElse(i.mode(), DisplayFormat.MISSING), i.mtu(),
                            Objects.requireNonNullElse(i.state(), DisplayFormat.MISSING), usual));
                }
            }
        });
        return new IpoibDrift(List.copyOf(rows), Set.copyOf(drifted));
    }

    private static String setting(IpoibInterface i) {
        return Objects.requireNonNullElse(i.mode(), "mode unknown") + ", MTU " + i.mtu();
    }

    List<IpoibRow> rows() {
        return rows;
    }

    boolean drifts(String nodeGuid) {
        return drifted.contains(nodeGuid);
    }
}
