package io.fabricpulse.server.web.overview;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.history.PastFabric;
import io.fabricpulse.server.topology.LinkHealth;
import io.fabricpulse.server.topology.PortSnapshot;
import io.fabricpulse.server.topology.TopologyDocument;
import io.fabricpulse.server.topology.TopologyViews;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.ShortNames;
import org.springframework.stereotype.Component;

import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * The overview's worst cables, in one order (docs/UI.md): down (an end not Active), then flapping (an end's
 * LinkDownedCounter rose in its latest interval: the link went down and came back), then errors (an error
 * counter rising or latched, the highest error rate first), then degraded (trained below what both ends
 * support); healthy cables are not listed. Health is the topology's ({@link LinkHealth}), as on the map.
 */
@Component
class WorstLinks {

    /** Enough for every problem a wall can show; the map lists the rest. */
    static final int LIMIT = 25;

    private final TopologyViews topology;
    private final DisplayFormat format;

    WorstLinks(TopologyViews topology, DisplayFormat format) {
        this.topology = topology;
        this.format = format;
    }

    /** @param members only cables with an end on these nodes; null for the whole fabric */
    List<LinkRow> current(Set<String> members) {
        PortSnapshot ports = topology.live();
        return worst(topology.document(members), ports);
    }

    /**
     * The worst cables of the fabric at a past instant: its cables then, their health read from its ports then.
     *
     * @param members only cables with an end on these nodes; null for the whole fabric
     */
    List<LinkRow> of(Set<String> members, PastFabric past) {
        return worst(topology.document(past.topology(), members, past.ports()), past.ports());
    }

    private List<LinkRow> worst(TopologyDocument document, PortSnapshot ports) {
        List<TopologyDocument.Link> problems = document.links().stream()
                .filter(link -> link.health() != null && link.health().status().compareTo(LinkHealth.Status.DEGRADED) <= 0)
                .toList();
        return problems.stream()
                .map(link -> new Ranked(link, rank(link, ports)))
                .sorted(Comparator.comparingInt(Ranked::rank)
                        .thenComparing(Comparator.comparingDouble((Ranked r) -> r.link().health().errorsPerSecond()).reversed())
                        .thenComparing(r -> r.link().a().nodeName()).thenComparingInt(r -> r.link().a().port()))
                .limit(LIMIT)
                .map(r -> row(r.link(), r.rank()))
                .toList();
    }

    private record Ranked(TopologyDocument.Link link, int rank) {
    }

    private static final String[] STATUS = {"down", "flapping", "errors", "degraded"};

    private static int rank(TopologyDocument.Link link, PortSnapshot ports) {
        return switch (link.health().status()) {
            case DOWN -> 0;
            case ERRORS -> flapping(link, ports) ? 1 : 2;
            default -> 3;
        };
    }

    private static boolean flapping(TopologyDocument.Link link, PortSnapshot ports) {
        return linkDowned(ports.port(link.a().nodeGuid(), link.a().port())) > 0
                || linkDowned(ports.port(link.b().nodeGuid(), link.b().port())) > 0;
    }

    private static double linkDowned(PortView port) {
        return port == null ? 0 : port.rates().getOrDefault(PortCounter.LinkDownedCounter.ibaName(), 0.0);
    }

    private LinkRow row(TopologyDocument.Link link, int rank) {
        String status = STATUS[rank];
        return new LinkRow(key(link.a()) + "~" + key(link.b()), status, why(status, link), end(link.a()),
                end(link.b()), format.rate(link.health().errorsPerSecond()),
                format.link(link.width() == null ? null : link.width().label(),
                        link.speed() == null ? null : link.speed().name()));
    }

    private static String why(String status, TopologyDocument.Link link) {
        return switch (status) {
            case "down" -> "an end is not Active";
            case "flapping" -> "LinkDownedCounter rising: the link went down and came back";
            case "errors" -> link.health().saturated().isEmpty() ? "error counters rising"
                    : "error counters rising or latched at their maximum";
            default -> "trained below what both ends support";
        };
    }

    private static LinkRow.End end(TopologyDocument.End end) {
        return new LinkRow.End(ShortNames.of(end.nodeName()), end.nodeName() + " (" + end.nodeGuid() + ")",
                "[" + end.port() + "]", "/nodes/" + end.nodeGuid() + "/ports/" + end.port());
    }

    private static String key(TopologyDocument.End end) {
        return end.nodeGuid() + ":" + end.port();
    }
}
