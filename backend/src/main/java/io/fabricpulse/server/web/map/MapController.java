package io.fabricpulse.server.web.map;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * {@code GET /map}. The page is a frame: the graph comes from the topology API, which the map's script reads
 * once and lays out itself, so a 10,000-node fabric is one JSON download rather than a huge page.
 */
@Controller
class MapController {

    static final String VIEW = "map/map";

    @GetMapping("/map")
    String map() {
        return VIEW;
    }
}
