package io.fabricpulse.server.topology;

import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.store.CableHistoryRepository;
import io.fabricpulse.server.topology.store.TopologyBaselineRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.time.Duration;

/** Loads the names, clusters, cable history and baseline in force from the state store once the server is ready. */
@Component
class TopologyStartup {

    private static final Logger log = LoggerFactory.getLogger(TopologyStartup.class);
    private static final Duration LOAD_TIMEOUT = Duration.ofSeconds(30);

    private final NodeNameDirectory names;
    private final ClusterDirectory clusters;
    private final TopologyBaselineRepository baselines;
    private final TopologyChanges changes;
    private final TopologyImports imports;
    private final CableHistory history;
    private final CableHistoryRepository historyRows;

    TopologyStartup(NodeNameDirectory names, ClusterDirectory clusters, TopologyBaselineRepository baselines,
                    TopologyChanges changes, TopologyImports imports, CableHistory history,
                    CableHistoryRepository historyRows) {
        this.names = names;
        this.clusters = clusters;
        this.baselines = baselines;
        this.changes = changes;
        this.imports = imports;
        this.history = history;
        this.historyRows = historyRows;
    }

    @EventListener(ApplicationReadyEvent.class)
    void load() {
        try {
            names.reload().block(LOAD_TIMEOUT);
            clusters.reload().block(LOAD_TIMEOUT);
            history.load(historyRows.all().collectList().block(LOAD_TIMEOUT));
            // Also when none was saved: the changes wait for the baseline in force before they compare.
            FabricModel baseline = baselines.latest().blockOptional(LOAD_TIMEOUT).map(imports::decode).orElse(null);
            if (baseline != null) {
                history.seed(baseline);
            }
            changes.useBaseline(baseline);
        } catch (RuntimeException e) {
            // The server still shows the live fabric; names, clusters or the baseline come with the next import.
            log.error("topology: could not load names, clusters, the cable history or the baseline from the state store: {}",
                    e.toString());
        }
    }
}
