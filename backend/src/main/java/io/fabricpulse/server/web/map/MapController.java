package io.fabricpulse.server.web.map;

import io.fabricpulse.server.topology.TopologyChanges;
import io.fabricpulse.server.topology.UnlinkedPort;
import io.fabricpulse.server.topology.UnlinkedPorts;
import io.fabricpulse.server.web.TimeSliders;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import java.time.Instant;
import java.util.List;

/**
 * {@code GET /map}. The page is a frame: the graph comes from the topology API, which the map's script reads
 * once and lays out itself, so a 10,000-node fabric is one JSON download rather than a huge page. Rendered with
 * it: the ports without a cable (at most {@link #MAX_UNLINKED}), and on a first start the offer to take the
 * current fabric as the baseline.
 */
@Controller
class MapController {

    static final String VIEW = "map/map";
    static final int MAX_UNLINKED = 200;

    private final UnlinkedPorts unlinked;
    private final TopologyChanges topology;
    private final TimeSliders sliders;

    MapController(UnlinkedPorts unlinked, TopologyChanges topology, TimeSliders sliders) {
        this.unlinked = unlinked;
        this.topology = topology;
        this.sliders = sliders;
    }

    /** @param at draw the fabric as it was at this past instant (ISO-8601): the script reads the graph with it */
    @GetMapping("/map")
    String map(@RequestParam(name = "at", required = false) String at, Model model) {
        Instant past = sliders.requested(at);
        model.addAttribute("slider", past == null ? sliders.live() : sliders.at(past));
        List<UnlinkedPort> ports = unlinked.now();
        model.addAttribute("unlinked", ports.subList(0, Math.min(ports.size(), MAX_UNLINKED)));
        model.addAttribute("unlinkedTotal", ports.size());
        model.addAttribute("lostCables", ports.stream().filter(UnlinkedPort::cableExpected).count());
        model.addAttribute("offerBaseline", topology.baseline() == null);
        return VIEW;
    }
}
