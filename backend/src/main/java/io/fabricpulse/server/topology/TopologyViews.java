package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.topology.TopologyWriter;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.FabricWindows;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.rates.RateWindow;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.FabricNode;
import io.fabricpulse.server.topology.model.LinkEndState;
import io.fabricpulse.server.topology.model.PortEnd;
import org.springframework.stereotype.Component;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The read side of the topology: the live model with names, clusters and each cable's health from the
 * live fabric's counters, as JSON documents or as ibnetdiscover text.
 */
@Component
public class TopologyViews {

    private final TopologyChanges topology;
    private final FabricView fabric;
    private final FabricWindows windows;
    private final NodeNameDirectory names;
    private final ClusterDirectory clusters;

    public TopologyViews(TopologyChanges topology, FabricView fabric, FabricWindows windows, NodeNameDirectory names,
                         ClusterDirectory clusters) {
        this.topology = topology;
        this.fabric = fabric;
        this.windows = windows;
        this.names = names;
        this.clusters = clusters;
    }

    /** The live topology; with {@code members}, only those nodes and the cables with an end on one of them. */
    public TopologyDocument document(Set<String> members) {
        return document(topology.current(), members, live());
    }


    /** The live fabric's ports and their errors over the last minute: what cables' health is read from now. */
    public PortSnapshot live() {
        Map<PortEnd, PortView> views = new HashMap<>();
        for (PortView port : fabric.ports(any -> true)) {
            views.put(new PortEnd(port.nodeGuid(), port.portNumber()), port);
        }
        return new PortSnapshot(views, this::errorsLastMinute);
    }

    /** The live topology as ibnetdiscover text (the whole fabric: a dump is structure, not a filtered view). */
    public String ibnetdiscover(String title) {
        return TopologyWriter.toText(TopologyFiles.toTopology(topology.current()), title);
    }

    /**
     * {@code model} (the live topology, a baseline, or a past instant's) with names as now; with {@code members}, only
     * those nodes and the cables with an end on one of them.
     *
     * @param ports what each cable's health is read from (the live fabric's or a past instant's); null for none
     */
    public TopologyDocument document(FabricModel model, Set<String> members, PortSnapshot ports) {
        Predicate<String> wanted = guid -> members == null || members.contains(guid);
        List<TopologyDocument.Node> nodes = model.nodes().values().stream().filter(n -> wanted.test(n.guid()))
                .map(this::node).toList();
        List<TopologyDocument.Link> links = model.links().stream()
                .filter(l -> wanted.test(l.a().end().nodeGuid()) || wanted.test(l.b().end().nodeGuid()))
                .map(l -> link(l, model, ports == null ? null : health(l, ports))).toList();
        return new TopologyDocument(nodes, links);
    }

    private TopologyDocument.Node node(FabricNode node) {
        return new TopologyDocument.Node(node.guid(), node.type(), name(node.guid(), node.description()),
                node.description(), node.numPorts(), clusters.clustersOf(node.guid()));
    }

    private TopologyDocument.Link link(FabricLink link, FabricModel model, LinkHealth health) {
        return new TopologyDocument.Link(end(link.a(), model), end(link.b(), model), link.width(), link.speed(), health);
    }

    private TopologyDocument.End end(LinkEndState end, FabricModel model) {
        FabricNode node = model.nodes().get(end.end().nodeGuid());
        return new TopologyDocument.End(end.end().nodeGuid(), name(end.end().nodeGuid(), node == null ? null : node.description()),
                end.end().port(), end.lid(), end.state(), end.physicalState(), end.width(), end.speed(),
                end.widthSupported(), end.speedSupported());
    }

    private static LinkHealth health(FabricLink link, PortSnapshot ports) {
        return LinkHealth.of(ports.ports().get(link.a().end()), ports.ports().get(link.b().end()),
                link.belowSupportedWidth() || link.belowSupportedSpeed(), ports.recent());
    }

    private double errorsLastMinute(PortView port) {
        return windows.window(port.nodeGuid(), port.portNumber(), RateWindow.ONE_MINUTE).map(window -> {
            double sum = 0;
            for (var counter : window.counters().entrySet()) {
                Double perSecond = counter.getValue().perSecond();
                if (counter.getKey().kind() == PortCounter.Kind.ERROR && perSecond != null) {
                    sum += perSecond;
                }
            }
            return sum;
        }).orElse(0.0);
    }

    /** Mapped name, else description, else GUID: the order every view uses. */
    String name(String guid, String description) {
        String mapped = names.nameOf(guid);
        if (mapped != null) {
            return mapped;
        }
        return description == null || description.isBlank() ? guid : description.strip();
    }
}
