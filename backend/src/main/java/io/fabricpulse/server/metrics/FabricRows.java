package io.fabricpulse.server.metrics;

import io.fabricpulse.server.alerting.AlertSubject;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.fabric.ExportedPort;
import io.fabricpulse.server.fabric.PortView;
import io.prometheus.metrics.model.snapshots.Labels;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The series of one scrape: one {@link MetricRow} per port (or per cable), each with its labels made
 * once and shared by every metric. Labels: {@code node_guid}, {@code node_name}, {@code port},
 * {@code peer_guid}, {@code peer_name}, {@code peer_port} (left out when the far end is unknown),
 * {@code cluster} (the node's first cluster group, left out when none), {@code link_layer}.
 */
final class FabricRows {

    /** Sorted by name, as Prometheus' {@link Labels} keeps them. */
    private static final String[] LABEL_NAMES = {"cluster", "link_layer", "node_guid", "node_name", "peer_guid",
            "peer_name", "peer_port", "port"};

    private FabricRows() {
    }

    /**
     * @param ports      every port of the live fabric
     * @param clusterOf  a node GUID's cluster, null when none
     * @param severities the highest open alert severity by {@link AlertSubject#key()}
     */
    static List<MetricRow> of(List<ExportedPort> ports, MetricScope scope, Function<String, String> clusterOf,
                              Map<String, Severity> severities) {
        Map<PortRef, ExportedPort> byRef = new HashMap<>(ports.size() * 2);
        for (ExportedPort port : ports) {
            byRef.put(ref(port.view()), port);
        }
        List<MetricRow> rows = new ArrayList<>(scope == MetricScope.LINK ? ports.size() / 2 + 1 : ports.size());
        for (ExportedPort port : ports) {
            PortView view = port.view();
            PortRef self = ref(view);
            PortRef peerRef = view.peerGuid() == null ? null : new PortRef(view.peerGuid(), view.peerPort());
            ExportedPort peer = peerRef == null ? null : byRef.get(peerRef);
            PortSide side = new PortSide(port, severity(self, peerRef, severities));
            if (scope == MetricScope.PORT) {
                rows.add(new MetricRow(labels(port, peerRef, peer, clusterOf), side, null));
                continue;
            }
            if (peerRef == null || (peer != null && peerRef.compareTo(self) < 0)) {
                continue; // not cabled as far as we know, or the other end's row
            }
            PortSide otherSide = peer == null ? null : new PortSide(peer, severity(peerRef, self, severities));
            rows.add(new MetricRow(labels(port, peerRef, peer, clusterOf), side, otherSide));
        }
        return rows;
    }

    private static Labels labels(ExportedPort port, PortRef peerRef, ExportedPort peer,
                                 Function<String, String> clusterOf) {
        PortView view = port.view();
        String cluster = clusterOf.apply(view.nodeGuid());
        return nonEmpty(new String[]{
                cluster == null ? "" : cluster,
                port.linkLayer() == null ? "" : port.linkLayer(),
                view.nodeGuid(),
                view.nodeName() == null ? "" : view.nodeName(),
                peerRef == null ? "" : peerRef.nodeGuid(),
                peer == null || peer.view().nodeName() == null ? "" : peer.view().nodeName(),
                peerRef == null ? "" : Integer.toString(peerRef.portNumber()),
                Integer.toString(view.portNumber())});
    }

    /**
     * The labels whose value is not empty: Prometheus reads an empty label as no label, so writing one
     * costs bytes on every line for nothing (the cluster and peer labels of a fabric without clusters).
     */
    private static Labels nonEmpty(String[] values) {
        int present = 0;
        for (String value : values) {
            if (!value.isEmpty()) {
                present++;
            }
        }
        String[] names = new String[present];
        String[] kept = new String[present];
        for (int i = 0, j = 0; i < values.length; i++) {
            if (!values[i].isEmpty()) {
                names[j] = LABEL_NAMES[i];
                kept[j++] = values[i];
            }
        }
        return Labels.of(names, kept);
    }

    private static int severity(PortRef self, PortRef peer, Map<String, Severity> severities) {
        if (severities.isEmpty()) {
            return 0;
        }
        Severity worst = severities.get(AlertSubject.port(self).key());
        if (peer != null) {
            Severity link = severities.get(AlertSubject.linkKey(self, peer));
            if (link != null && (worst == null || link.compareTo(worst) > 0)) {
                worst = link;
            }
        }
        return worst == null ? 0 : worst.ordinal() + 1;
    }

    private static PortRef ref(PortView view) {
        return new PortRef(view.nodeGuid(), view.portNumber());
    }
}
