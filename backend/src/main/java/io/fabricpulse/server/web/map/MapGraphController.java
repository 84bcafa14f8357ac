package io.fabricpulse.server.web.map;

import io.fabricpulse.server.history.FabricHistory;
import io.fabricpulse.server.history.HistoryWindow;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.problem.ReadQuery;
import io.fabricpulse.server.topology.TopologyDocument;
import io.fabricpulse.server.topology.TopologyViews;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The map's reads, from the live fold every reader shares ({@link LiveMap}) or a past instant's: {@code GET /api/v1/topology/map} (the folded graph, {@link MapGraph}), {@code GET
 * /api/v1/topology/map/cables?edge=|node=} (a drawn bundle's or drawn node's cables, worst first, for the side
 * panel) and {@code GET /api/v1/topology/map/find?q=} (the drawn node a name, GUID or LID is in).
 */
@RestController
@RequestMapping("/api/v1/topology/map")
class MapGraphController {

    /** Cables listed at most per answer (a host group's bundle holds a few dozen, a spine's bundles hundreds). */
    static final int MAX_CABLES = 2_000;
    private static final int MAX_ID = 600;

    private final TopologyViews views;
    private final LiveMap live;
    private final HistoryWindow window;
    private final FabricHistory history;

    MapGraphController(TopologyViews views, LiveMap live, HistoryWindow window, FabricHistory history) {
        this.views = views;
        this.live = live;
        this.window = window;
        this.history = history;
    }

    /** {@code at}: the fabric as it was at this past instant (ISO-8601), its cables then; else now. */
    @GetMapping
    Mono<MapGraph> graph(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("at"));
        Instant at = window.requested(query, "at");
        query.throwIfInvalid();
        return folded(at).map(MapFolder.Folded::graph);
    }

    /**
     * The topology with each cable's health now (the shared live fold, built off the event loop when it is due),
     * or at {@code at} from the stored history, folded.
     */
    private Mono<MapFolder.Folded> folded(Instant at) {
        if (at == null) {
            return Mono.fromSupplier(live::now).subscribeOn(Schedulers.boundedElastic());
        }
        return history.at(at).map(past -> MapFolder.fold(views.document(past.topology(), null, past.ports())));
    }

    @GetMapping("/cables")
    Mono<List<MapGraph.Cable>> cables(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("edge", "node", "at"));
        String edge = query.text("edge", MAX_ID);
        String node = query.text("node", MAX_ID);
        Instant at = window.requested(query, "at");
        if ((edge == null) == (node == null)) {
            query.invalid("edge", "give either edge (a drawn bundle's id) or node (a drawn node's id), as GET "
                    + "/api/v1/topology/map names them");
        }
        query.throwIfInvalid();
        return folded(at).map(folded -> cables(folded, edge, node));
    }

    private static List<MapGraph.Cable> cables(MapFolder.Folded folded, String edge, String node) {
        List<TopologyDocument.Link> held = edge != null ? folded.cables().get(edge)
                : folded.graph().nodes().stream().anyMatch(n -> n.id().equals(node))
                ? folded.cablesAt(node) : null;
        if (held == null) {
            throw new ProblemException(ProblemType.NOT_FOUND, (edge != null ? "edge: no drawn bundle '" + edge
                    : "node: no drawn node '" + node) + "' in the fabric now");
        }
        return worstFirst(edge, held, folded);
    }

    /** The drawn node holding the fabric node a search names, and that node's own cables. */
    record Found(String drawn, String guid, String name, List<MapGraph.Cable> cables) {
    }

    /** {@code q}: a LID, a node GUID (with or without 0x and leading zeros), an exact name, or a part of one. */
    @GetMapping("/find")
    Mono<Found> find(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("q"));
        String q = query.text("q", 200);
        if (q == null) {
            query.invalid("q", "required: a name, a node GUID or a LID");
        }
        query.throwIfInvalid();
        return folded(null).map(folded -> found(q, folded));
    }

    private static Found found(String q, MapFolder.Folded folded) {
        TopologyDocument doc = folded.document();
        TopologyDocument.Node node = MapSearch.find(q.toLowerCase(Locale.ROOT), doc);
        if (node == null) {
            throw new ProblemException(ProblemType.NOT_FOUND, "q: nothing in the fabric matches '" + q + "'");
        }
        List<TopologyDocument.Link> own = doc.links().stream().filter(l -> l.a().nodeGuid().equals(node.guid())
                || l.b().nodeGuid().equals(node.guid())).toList();
        return new Found(folded.drawnOf().get(node.guid()), node.guid(), node.name(), worstFirst(null, own, folded));
    }

    private static List<MapGraph.Cable> worstFirst(String edge, List<TopologyDocument.Link> links, MapFolder.Folded folded) {
        return links.stream().map(link -> MapFolder.cable(edge != null ? edge : bundleOf(link, folded), link,
                        MapFolder.statusOf(link)))
                .sorted(Comparator.comparingInt((MapGraph.Cable c) -> MapFolder.rank(c.status()))
                        .thenComparing(Comparator.comparingDouble(MapGraph.Cable::errorsPerSecond).reversed()))
                .limit(MAX_CABLES).toList();
    }

    private static String bundleOf(TopologyDocument.Link link, MapFolder.Folded folded) {
        String a = folded.drawnOf().get(link.a().nodeGuid());
        String b = folded.drawnOf().get(link.b().nodeGuid());
        if (a == null || b == null || a.equals(b)) {
            return null;
        }
        return a.compareTo(b) < 0 ? a + "~" + b : b + "~" + a;
    }
}
