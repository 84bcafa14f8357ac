package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.history.FabricHistory;
import io.fabricpulse.server.history.PastFabric;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.TopologyChanges;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.PageParameters;
import io.fabricpulse.server.web.TimeSliders;
import io.fabricpulse.server.web.alerts.AlertStrip;
import io.fabricpulse.server.web.alerts.LiveAlerts;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * The fabric overview at {@code /}. The ports table is live (see {@link OverviewEventsController}); the
 * nodes table is reference material and is paged instead: 702 demo nodes would otherwise add ~200 kB of
 * HTML to every load of a page that wall screens keep open all day, and a 10,000-node fabric ten times
 * that. A page of {@link NodesPage#SIZE} keeps the weight bounded whatever the fabric's size, and works
 * without JavaScript.
 */
@Controller
class OverviewController {

    static final String VIEW = "overview/overview";

    private final FabricView fabric;
    private final OverviewSnapshots snapshots;
    private final ClusterDirectory clusters;
    private final DisplayFormat format;
    private final LiveAlerts alerts;
    private final TopologyChanges topology;
    private final TimeSliders sliders;
    private final FabricHistory history;
    private final WorstLinks links;

    OverviewController(FabricView fabric, OverviewSnapshots snapshots, ClusterDirectory clusters, DisplayFormat format,
                       LiveAlerts alerts, TopologyChanges topology, TimeSliders sliders, FabricHistory history,
                       WorstLinks links) {
        this.alerts = alerts;
        this.sliders = sliders;
        this.history = history;
        this.links = links;
        this.topology = topology;
        this.fabric = fabric;
        this.snapshots = snapshots;
        this.clusters = clusters;
        this.format = format;
    }

    /**
     * @param nodesPage page of the nodes table
     * @param cluster   show only this cluster's nodes and ports
     * @param errors    {@code all}: the error view lists every port, not only those with errors
     * @param at        show the firing alerts and the worst links as they were at this past instant (ISO-8601), for
     *                  incident reviews: nothing live follows, and what has no history is left out
     */
    @GetMapping("/")
    Mono<String> overview(@RequestParam(name = "nodes", required = false) String nodesPage,
                          @RequestParam(name = "cluster", required = false) String cluster,
                          @RequestParam(name = "errors", required = false) String errors,
                          @RequestParam(name = "at", required = false) String at, Model model) {
        boolean allPorts = errorsView(errors);
        Instant past = sliders.requested(at);
        Set<String> guids = cluster == null ? Set.of() : PageParameters.clusterMembers(clusters, cluster);
        if (past != null) {
            return Mono.zip(alerts.at(past), history.at(past)).map(both -> {
                PastFabric then = both.getT2();
                OverviewSnapshot now = cluster == null ? snapshots.current() : snapshots.current(guids);
                model.addAttribute("snapshot", now.withLinks(links.of(cluster == null ? null : guids, then)));
                model.addAttribute("slider", sliders.at(then));
                return page(model, both.getT1(), cluster, allPorts, NodesPage.of(List.of(), 1, format), false);
            });
        }
        return alerts.current().map(strip -> {
            List<NodeView> nodes = cluster == null ? fabric.nodes()
                    : fabric.nodes().stream().filter(n -> guids.contains(n.guid())).toList();
            int page = PageParameters.page("nodes", nodesPage, nodes.size(), NodesPage.SIZE, "nodes");
            model.addAttribute("snapshot", cluster == null ? snapshots.current() : snapshots.current(guids));
            model.addAttribute("slider", sliders.live());
            // Open the nodes section when the user is paging through it, closed on a plain visit.
            return page(model, strip, cluster, allPorts, NodesPage.of(nodes, page, format), nodesPage != null);
        });
    }

    private String page(Model model, AlertStrip strip, String cluster, boolean allPorts, NodesPage nodes, boolean nodesOpen) {
        model.addAttribute("nodes", nodes);
        model.addAttribute("nodesOpen", nodesOpen);
        model.addAttribute("zone", format.zoneLabel());
        model.addAttribute("cluster", cluster);
        model.addAttribute("clusters", List.copyOf(clusters.names()));
        model.addAttribute("errorsOnly", !allPorts);
        model.addAttribute("errorColumns", ErrorCountersRow.COLUMNS);
        // Alerts are the whole fabric's: a cluster filter narrows ports, not the alert list.
        model.addAttribute("strip", strip);
        // A first start: judged on first sight and by the cables seen; a baseline would also say where cables belong.
        model.addAttribute("offerBaseline", topology.baseline() == null);
        return VIEW;
    }

    private static boolean errorsView(String errors) {
        if (errors == null || errors.equals("only")) {
            return false;
        }
        if (errors.equals("all")) {
            return true;
        }
        throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                "query parameter 'errors' must be 'only' (ports with errors) or 'all', was '" + errors + "'");
    }
}
