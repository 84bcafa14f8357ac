package io.fabricpulse.server.web.settings;

import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.NodeNameDirectory;
import io.fabricpulse.server.topology.TopologyChanges;
import io.fabricpulse.server.topology.TopologyImports;
import io.fabricpulse.server.topology.TopologyProperties;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.web.DisplayFormat;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import reactor.core.publisher.Mono;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code GET /settings/names} (node names by where they came from, clusters with their sizes, and the
 * node-name-map and fabrics.conf uploads) and {@code GET /settings/baseline} (the baseline in force, the
 * live fabric it is compared with, and the buttons that replace it). The uploads go to the topology API,
 * which parses the whole file first: a bad line is refused with its line and column and changes nothing.
 */
@Controller
class TopologySettingsPageController {

    static final String NAMES_VIEW = "settings/names";
    static final String BASELINE_VIEW = "settings/baseline";

    /** Sizes of a fabric as the baseline page compares them. */
    record FabricSize(int nodes, int links) {
        static FabricSize of(FabricModel model) {
            return model == null ? null : new FabricSize(model.nodes().size(), model.links().size());
        }
    }

    /** The saved baseline in force, without its content. */
    record BaselineLine(long id, String createdAt, String createdBy, String format, long characters) {
    }

    private final NodeNameDirectory names;
    private final ClusterDirectory clusters;
    private final TopologyImports imports;
    private final TopologyChanges topology;
    private final DisplayFormat format;
    private final long maxImportBytes;

    TopologySettingsPageController(NodeNameDirectory names, ClusterDirectory clusters,
                                   TopologyImports imports, TopologyChanges topology,
                                   TopologyProperties properties, DisplayFormat format) {
        this.names = names;
        this.clusters = clusters;
        this.imports = imports;
        this.topology = topology;
        this.format = format;
        this.maxImportBytes = properties.maxImportSize().toBytes();
    }

    @GetMapping("/settings/names")
    Mono<String> names(Model model) {
        return names.countBySource()
                .map(bySource -> {
                    Map<String, Integer> sizes = new TreeMap<>();
                    clusters.names().forEach(name -> sizes.put(name, clusters.members(name).map(Set::size).orElse(0)));
                    model.addAttribute("section", "names");
                    model.addAttribute("namesBySource", bySource);
                    model.addAttribute("clusters", sizes);
                    model.addAttribute("maxImportBytes", maxImportBytes);
                    return NAMES_VIEW;
                });
    }

    @GetMapping("/settings/baseline")
    Mono<String> baseline(Model model) {
        return imports.savedBaseline()
                .map(saved -> new BaselineLine(saved.id(), format.dateTime(saved.createdAt()), saved.createdBy(),
                        saved.format().name().toLowerCase(Locale.ROOT), saved.length()))
                .map(Optional::of)
                .defaultIfEmpty(Optional.empty())
                .map(saved -> {
                    model.addAttribute("section", "baseline");
                    model.addAttribute("saved", saved.orElse(null));
                    model.addAttribute("baseline", FabricSize.of(topology.baseline()));
                    model.addAttribute("live", FabricSize.of(topology.current()));
                    model.addAttribute("changes", topology.active().size());
                    model.addAttribute("zone", format.zoneLabel());
                    model.addAttribute("maxImportBytes", maxImportBytes);
                    return BASELINE_VIEW;
                });
    }
}
