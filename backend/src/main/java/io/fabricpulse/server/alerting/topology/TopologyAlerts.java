package io.fabricpulse.server.alerting.topology;

import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertEngine;
import io.fabricpulse.server.alerting.AlertSubject;
import io.fabricpulse.server.alerting.ExternalCondition;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.Floods;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.alerting.RuleCatalog;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeNames;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.topology.ChangeKind;
import io.fabricpulse.server.topology.TopologyChange;
import io.fabricpulse.server.topology.TopologyChangeListener;
import io.fabricpulse.server.topology.model.PortEnd;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns topology changes against the baseline into {@link RuleCatalog#TOPOLOGY_CHANGED} alerts: a
 * detected change raises the condition, its resolution clears it. Link changes are about the
 * baseline's link (both ends named), node changes about the node, a port's state change about the
 * port. Several changes can land on one subject (a cable that moves from one wrong port to another
 * is a new change detected before the old one resolves), so the alert is cleared only when the last
 * change of its subject is over. After a restart, once the topology feature has rebuilt the live
 * model, the alerts opened before it whose change ended while the server was down are cleared; the
 * ones that still hold were raised again on their (stored) open alert, not as new ones.
 * <p>
 * Floods: more than {@link Floods#AT_ONCE} changes found in one evaluation (a batch naming 394 new
 * switches) are one alert about the fabric, naming them, which clears when the last of them is over.
 */
public final class TopologyAlerts implements TopologyChangeListener {

    private final AlertEngine engine;
    private final FabricView fabric;
    private final NodeNames names;
    /** Changes per subject; concurrent because the engine reads the keys under its own lock. */
    private final Map<AlertSubject, Set<String>> holding = new ConcurrentHashMap<>();
    /** The group each change of a flood is part of, by the change's key. */
    private final Map<String, AlertSubject> grouped = new ConcurrentHashMap<>();

    /**
     * @param fabric the live fabric, for the names, types and LIDs of the ends
     * @param names  node-name-map names, for nodes the live fabric does not know (any more)
     */
    public TopologyAlerts(AlertEngine engine, FabricView fabric, NodeNames names) {
        this.engine = engine;
        this.fabric = fabric;
        this.names = names;
    }

    @Override
    public synchronized void onChanges(List<TopologyChange> changes) {
        List<TopologyChange> detected = changes.stream().filter(change -> change.resolvedAt() == null).toList();
        if (!Floods.isFlood(detected.size())) {
            changes.forEach(this::onChange);
            return;
        }
        changes.stream().filter(change -> change.resolvedAt() != null).forEach(this::onChange);
        TopologyChange first = detected.getFirst();
        AlertSubject subject = AlertSubject.fabric("topology-changes:" + first.detectedAt().toEpochMilli() + ":"
                + first.nodeGuid() + "+" + (detected.size() - 1));
        Set<String> keys = new HashSet<>();
        Map<ChangeKind, List<String>> byKind = new EnumMap<>(ChangeKind.class);
        for (TopologyChange change : detected) {
            keys.add(change.key());
            grouped.put(change.key(), subject);
            byKind.computeIfAbsent(change.kind(), kind -> new ArrayList<>()).add(change.nodeGuid());
        }
        holding.put(subject, keys);
        StringBuilder summary = new StringBuilder().append(detected.size()).append(" topology changes at once");
        byKind.forEach((kind, guids) -> summary.append("; ").append(guids.size()).append(' ').append(kind)
                .append(": ").append(Floods.list(guids.stream().distinct().toList())));
        List<AlertEnd> ends = detected.stream().map(TopologyChange::nodeGuid).distinct().limit(Floods.AT_ONCE)
                .map(guid -> end(guid, 0, true)).toList();
        engine.raise(new ExternalCondition(RuleCatalog.TOPOLOGY_CHANGED, subject,
                new Finding("changes", detected.size(), Floods.AT_ONCE, "changes", summary.toString()), ends));
    }

    @Override
    public synchronized void onChange(TopologyChange change) {
        AlertSubject flood = change.resolvedAt() == null ? null : grouped.remove(change.key());
        AlertSubject subject = flood != null ? flood : subjectOf(change);
        ExternalCondition condition = new ExternalCondition(RuleCatalog.TOPOLOGY_CHANGED, subject,
                new Finding(change.kind().name(), 1, 0, "change", change.detail()), ends(change));
        if (change.resolvedAt() == null) {
            holding.computeIfAbsent(subject, s -> new HashSet<>()).add(change.key());
            engine.raise(condition);
            return;
        }
        Set<String> keys = holding.getOrDefault(subject, new HashSet<>());
        keys.remove(change.key());
        if (keys.isEmpty()) {
            holding.remove(subject);
            engine.clear(condition);
        }
    }

    @Override
    public void afterRebuild(List<TopologyChange> holdingNow) {
        // The live map rather than the list: the engine checks later, on its writer's queue, and a change
        // found in between must count as holding too.
        engine.clearAllBut(RuleCatalog.TOPOLOGY_CHANGED, holding::containsKey);
    }

    static AlertSubject subjectOf(TopologyChange change) {
        if (change.port() == null) {
            return AlertSubject.node(change.nodeGuid());
        }
        PortRef port = ref(change.port());
        return change.peer() == null ? AlertSubject.port(port) : AlertSubject.link(port, ref(change.peer()));
    }

    /** The ends the change names; for a moved cable also the port it is plugged into now. */
    private List<AlertEnd> ends(TopologyChange change) {
        List<AlertEnd> ends = new ArrayList<>(3);
        if (change.port() == null) {
            ends.add(end(change.nodeGuid(), 0, true));
            return ends;
        }
        ends.add(end(change.port().nodeGuid(), change.port().port(), true));
        if (change.peer() != null) {
            ends.add(end(change.peer().nodeGuid(), change.peer().port(), true));
        }
        if (change.now() != null) {
            ends.add(end(change.now().nodeGuid(), change.now().port(), false));
        }
        return ends;
    }

    private AlertEnd end(String nodeGuid, int port, boolean concerned) {
        Optional<PortView> seen = port == 0 ? Optional.empty() : fabric.port(nodeGuid, port);
        if (seen.isPresent()) {
            PortView view = seen.get();
            return new AlertEnd(nodeGuid, view.nodeName(), view.nodeType(), port, view.lid(), concerned);
        }
        // A gone node or an unplugged port: the node may still be known, else only its mapped name.
        NodeView node = fabric.nodes().stream().filter(n -> n.guid().equals(nodeGuid)).findFirst().orElse(null);
        String name = node != null ? node.name() : Objects.requireNonNullElse(names.nameOf(nodeGuid), nodeGuid);
        return new AlertEnd(nodeGuid, name, node == null ? null : node.type(), port, 0, concerned);
    }

    private static PortRef ref(PortEnd end) {
        return new PortRef(end.nodeGuid(), end.port());
    }
}
