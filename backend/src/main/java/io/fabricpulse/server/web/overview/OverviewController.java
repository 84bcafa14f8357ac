package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.PageParameters;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import java.util.List;

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
    private final DisplayFormat format;

    OverviewController(FabricView fabric, OverviewSnapshots snapshots, DisplayFormat format) {
        this.fabric = fabric;
        this.snapshots = snapshots;
        this.format = format;
    }

    @GetMapping("/")
    String overview(@RequestParam(name = "nodes", required = false) String nodesPage, Model model) {
        List<NodeView> nodes = fabric.nodes();
        int page = PageParameters.page("nodes", nodesPage, nodes.size(), NodesPage.SIZE, "nodes");
        model.addAttribute("snapshot", snapshots.current());
        model.addAttribute("nodes", NodesPage.of(nodes, page, format));
        // Open the nodes section when the user is paging through it, closed on a plain visit.
        model.addAttribute("nodesOpen", nodesPage != null);
        model.addAttribute("zone", format.zoneLabel());
        return VIEW;
    }
}
