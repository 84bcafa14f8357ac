package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.alerting.api.AlertViews;
import io.fabricpulse.server.alerting.api.FiringAlerts;
import io.fabricpulse.server.web.alerts.AlertTransitions;
import io.fabricpulse.server.web.alerts.AlertGroups;
import io.fabricpulse.server.web.alerts.LiveAlerts;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.store.ClusterMemberRepository;
import io.fabricpulse.server.topology.store.ClusterMemberRow;
import io.fabricpulse.server.web.InMemoryFabricView;
import io.fabricpulse.server.history.FabricHistory;
import io.fabricpulse.server.web.PageHistory;
import io.fabricpulse.server.web.PageStateStore;
import io.fabricpulse.server.web.SignedInClient;
import io.fabricpulse.server.web.WebPageTest;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.time.Duration;
import java.util.List;

/**
 * The overview's web slice, shared by its page and event tests (one application context for both):
 * its controllers and beans over an {@link InMemoryFabricView} holding {@link SampleFabric}, four rows
 * shown, live updates at most every 100 ms so tests do not wait a second for one.
 */
@WebFluxTest(controllers = {OverviewController.class, OverviewEventsController.class},
        properties = {"fabricpulse.ui.max-rows=4", "fabricpulse.ui.live-interval=100ms"})
@Import({OverviewSnapshots.class, LiveOverview.class, FiringAlerts.class, PageStateStore.class, WorstLinks.class,
        AlertViews.class, AlertGroups.class, LiveAlerts.class, AlertTransitions.class, LiveAlertsBeans.class, PageHistory.class,
        FabricHistory.class})
@WebPageTest
abstract class OverviewSliceTest {

    @Autowired
    ApplicationContext context;
    @Autowired
    InMemoryFabricView fabric;
    @Autowired
    ClusterMemberRepository clusterMembers;
    @Autowired
    ClusterDirectory clusters;
    WebTestClient client;

    @BeforeEach
    void signInAndPublishTheSampleFabric() {
        // The first page of a run compiles its templates: on a busy 2-core machine that can take seconds.
        client = SignedInClient.of(context).mutate().responseTimeout(Duration.ofSeconds(30)).build();
        importClusters();
        SampleFabric.publish(fabric, 2.5);
    }

    /** Replaces the cluster groups as a fabrics.conf import does: the table, then the directory. */
    void importClusters(ClusterMemberRow... members) {
        clusterMembers.replaceAll(List.of(members)).then(clusters.reload()).block();
    }
}
