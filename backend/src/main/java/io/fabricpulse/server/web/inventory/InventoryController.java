package io.fabricpulse.server.web.inventory;

import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.UnlinkedPorts;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.PageParameters;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import java.util.List;

/** {@code GET /inventory}: models, firmware, link and IPoIB drift, ports without a cable; the node list paged by {@code ?page=}. */
@Controller
class InventoryController {

    static final String VIEW = "inventory/inventory";

    private final FabricView fabric;
    private final UnlinkedPorts unlinked;
    private final ClusterDirectory clusters;
    private final DisplayFormat format;

    InventoryController(FabricView fabric, UnlinkedPorts unlinked, ClusterDirectory clusters, DisplayFormat format) {
        this.fabric = fabric;
        this.unlinked = unlinked;
        this.clusters = clusters;
        this.format = format;
    }

    @GetMapping("/inventory")
    String inventory(@RequestParam(name = "page", required = false) String pageText, Model model) {
        List<NodeView> nodes = fabric.nodes();
        int page = PageParameters.page("page", pageText, nodes.size(), Inventory.PAGE_SIZE, "nodes");
        model.addAttribute("inventory", Inventory.of(nodes, fabric.ports(), unlinked.now(), clusters::clusterOf, page,
                format));
        return VIEW;
    }
}
