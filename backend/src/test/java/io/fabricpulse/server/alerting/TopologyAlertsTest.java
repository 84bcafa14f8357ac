package io.fabricpulse.server.alerting;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.topology.TopologyAlerts;
import io.fabricpulse.server.fabric.NodeNames;
import io.fabricpulse.server.topology.TopologyChanges;
import io.fabricpulse.server.topology.TopologyProperties;
import io.fabricpulse.server.topology.model.FabricModel;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Topology changes found by the real topology feature become topology-changed alerts in the real
 * engine (state store on H2, virtual clock): one per link or node, named, resolved when over.
 */
class TopologyAlertsTest extends OnFreshStateStore {

    private static final String LEAF = "0x0000000000000a01";
    private static final String H1 = "0x0000000000000b01";
    private static final String H2 = "0x0000000000000b02";
    private static final String MOVED_LINK = "link:" + LEAF + "/2-" + H2 + "/1";

    private AlertTestbed bed = new AlertTestbed(db, clock, AlertsProperties.defaults());
    private TopologyChanges topology = topologyOf(bed);
    /** Leaf port to host (port 1 of each host). */
    private final Map<Integer, String> cables = new LinkedHashMap<>(Map.of(1, H1, 2, H2));
    private long sequence;
    /**
     * What a restarted server waits before it resolves an alert it took in from the store and sees gone: its mark
     * reaches any replica still asserting it, whose assertion comes back (twice three reconcile intervals).
     */
    private static final java.time.Duration ROUND_TRIP = AlertsProperties.defaults().reconcileInterval().multipliedBy(6);

    private TopologyChanges topologyOf(AlertTestbed alerting) {
        return new TopologyChanges(new TopologyProperties(Duration.ofSeconds(30), DataSize.ofMegabytes(1)), clock,
                guid -> null, List.of(new TopologyAlerts(alerting.engine, alerting.fabric, NodeNames.NONE)));
    }

    /**
     * The server restarts on the same state store: a new engine reloads the open alerts (its sweeper's
     * first reconcile) and the topology starts empty with the stored baseline.
     */
    private void restart() {
        FabricModel stored = topology.baseline();
        bed = new AlertTestbed(db, clock, AlertsProperties.defaults());
        bed.reconciler.reconcile();
        topology = topologyOf(bed);
        topology.useBaseline(stored);
        bed.settle();
    }

    /** What the host's own agent pushes: its port 1, cabled to the leaf port it is on now; no walk. */
    private void pushFromHost(String host) {
        int leafPort = cables.entrySet().stream().filter(c -> c.getValue().equals(host)).findFirst().orElseThrow()
                .getKey();
        IngestBatch batch = new IngestBatch(1, host, ++sequence, clock.instant(), "umad",
                List.of(new NodeReport(host, host, NodeType.CA, "HCA-1", null, null, null,
                        List.of(AlertTestbed.port(1, 10 + leafPort, PortState.ACTIVE, Map.of(), LEAF, leafPort)))),
                null);
        bed.fabric.apply(batch);
        topology.accept(batch);
        bed.settle();
    }

    /** A complete walk from h2 as a discover-role agent pushes it, applied to the live fabric and the topology. */
    private void push() {
        push(true);
    }

    /** Every node as {@link #push()} has them; {@code walk} false: as a source without discovery pushes them. */
    private void push(boolean walk) {
        List<PortReport> leafPorts = new ArrayList<>();
        List<NodeReport> nodes = new ArrayList<>();
        cables.forEach((leafPort, host) -> {
            leafPorts.add(AlertTestbed.port(leafPort, 1, PortState.ACTIVE, Map.of(), host, 1));
            nodes.add(new NodeReport(host, host, NodeType.CA, host.equals(H1) ? "rac1001 HCA-1" : "rac1002 HCA-1",
                    null, null, null, List.of(AlertTestbed.port(1, 10 + leafPort, PortState.ACTIVE, Map.of(), LEAF,
                    leafPort))));
        });
        nodes.add(new NodeReport(LEAF, LEAF, NodeType.SWITCH, "leaf-07", null, null, null, leafPorts));
        IngestBatch batch = new IngestBatch(1, "rac1002", ++sequence, clock.instant(), "umad", nodes,
                walk ? new IngestBatch.Discovery(true, H2, 1, clock.instant()) : null);
        bed.fabric.apply(batch);
        topology.accept(batch);
        bed.settle();
    }

    private void baselineNow() {
        push();
        topology.useBaseline(topology.current());
    }

    private void moveH2To(int leafPort) {
        cables.values().remove(H2);
        cables.put(leafPort, H2);
    }

    @Test
    void aMovedCableFiresOneLinkAlertNamingBothEndsAndWhereItIsNowAndResolvesWhenBack() {
        baselineNow();
        bed.advanceSeconds(5);
        moveH2To(3);
        push();

        assertThat(bed.events).singleElement().satisfies(fired -> {
            assertThat(fired.kind()).isEqualTo(AlertEventKind.FIRED);
            assertThat(fired.rule()).isEqualTo(RuleCatalog.TOPOLOGY_CHANGED);
            assertThat(fired.subject()).isEqualTo(MOVED_LINK);
            assertThat(fired.context().counter()).isEqualTo("LINK_MOVED");
            assertThat(fired.context().summary()).contains("moved").contains(H2 + "[1] is now cabled to " + LEAF + "[3]");
            assertThat(fired.ends()).extracting(AlertEnd::nodeGuid, AlertEnd::nodeName, AlertEnd::portNumber,
                    AlertEnd::reporting).containsExactly(tuple(LEAF, "leaf-07", 2, true),
                    tuple(H2, "rac1002 HCA-1", 1, true), tuple(LEAF, "leaf-07", 3, false));
            assertThat(fired.ends().get(1).nodeType()).isEqualTo(NodeType.CA);
            assertThat(fired.ends().get(1).lid()).isEqualTo(13);
        });

        bed.advanceSeconds(5);
        moveH2To(2);
        push();
        assertThat(bed.events(AlertEventKind.RESOLVED)).singleElement().satisfies(resolved -> {
            assertThat(resolved.subject()).isEqualTo(MOVED_LINK);
            assertThat(resolved.at()).isEqualTo(AlertTestbed.T0.plusSeconds(10));
        });
        assertThat(bed.openRows()).isEmpty();
    }

    @Test
    void aCableMovedOnFromOneWrongPortToAnotherKeepsItsOneAlertOpen() {
        baselineNow();
        bed.advanceSeconds(5);
        moveH2To(3);
        push();
        bed.advanceSeconds(5);
        moveH2To(4); // a new change (now at leaf[4]) is found before the one at leaf[3] resolves
        push();

        assertThat(bed.events).extracting(AlertEvent::kind).containsExactly(AlertEventKind.FIRED);
        assertThat(bed.engine.openKeys()).containsExactly(RuleCatalog.TOPOLOGY_CHANGED + "|" + MOVED_LINK);

        bed.advanceSeconds(5);
        moveH2To(2);
        push();
        assertThat(bed.events).extracting(AlertEvent::kind)
                .containsExactly(AlertEventKind.FIRED, AlertEventKind.RESOLVED);
    }

    @Test
    void aGoneNodeIsOneNodeAlertWithItsLastKnownName() {
        baselineNow();
        bed.advanceSeconds(5);
        cables.remove(1);
        push();

        assertThat(bed.events).singleElement().satisfies(fired -> {
            assertThat(fired.subject()).isEqualTo("node:" + H1);
            assertThat(fired.context().counter()).isEqualTo("NODE_MISSING");
            assertThat(fired.ends()).extracting(AlertEnd::nodeGuid, AlertEnd::nodeName, AlertEnd::nodeType,
                    AlertEnd::portNumber).containsExactly(tuple(H1, "rac1001 HCA-1", NodeType.CA, 0));
        });
        assertThat(bed.openRows()).singleElement().satisfies(row -> assertThat(row.scope()).isEqualTo("NODE"));

        bed.advanceSeconds(5);
        cables.put(1, H1);
        push();
        assertThat(bed.events(AlertEventKind.RESOLVED)).extracting(AlertEvent::subject).containsExactly("node:" + H1);
    }

    @Test
    void aNewBaselineResolvesEveryTopologyAlert() {
        baselineNow();
        bed.advanceSeconds(5);
        moveH2To(3);
        cables.remove(1);
        push();
        assertThat(bed.engine.openKeys()).hasSize(2);

        bed.advanceSeconds(5);
        topology.useBaseline(topology.current());
        bed.settle();
        assertThat(bed.events(AlertEventKind.RESOLVED)).hasSize(2);
        assertThat(bed.openRows()).isEmpty();
    }

    @Test
    void afterARestartTheFirstCompleteWalkResolvesWhatEndedMeanwhileAndKeepsWhatStillHolds() {
        baselineNow();
        bed.advanceSeconds(5);
        moveH2To(3);
        cables.remove(1);
        push();
        long nodeAlert = bed.openRows().stream().filter(r -> r.scope().equals("NODE")).findFirst().orElseThrow().id();

        bed.advanceSeconds(5);
        moveH2To(2); // the cable goes back while the server is down; h1 stays gone
        restart();
        assertThat(bed.engine.openKeys()).as("reloaded from the store").hasSize(2);
        bed.advanceSeconds(1);
        push();
        assertThat(bed.events).as("another replica may still see it: a round trip through the store first").isEmpty();
        bed.advanceSeconds(ROUND_TRIP.toSeconds());

        assertThat(bed.events).as("no second alert for the node that is still gone").singleElement()
                .satisfies(resolved -> {
                    assertThat(resolved.kind()).isEqualTo(AlertEventKind.RESOLVED);
                    assertThat(resolved.subject()).isEqualTo(MOVED_LINK);
                    assertThat(resolved.at()).isEqualTo(AlertTestbed.T0.plusSeconds(11).plus(ROUND_TRIP));
                });
        assertThat(bed.openRows()).singleElement().satisfies(row -> assertThat(row.id()).isEqualTo(nodeAlert));
        assertThat(bed.engine.openKeys()).containsExactly(RuleCatalog.TOPOLOGY_CHANGED + "|node:" + H1);

        bed.advanceSeconds(5);
        cables.put(1, H1);
        push();
        bed.advanceSeconds(ROUND_TRIP.toSeconds());
        assertThat(bed.events(AlertEventKind.RESOLVED)).extracting(AlertEvent::subject)
                .containsExactly(MOVED_LINK, "node:" + H1);
        assertThat(bed.openRows()).isEmpty();
    }

    @Test
    void withoutADiscoveryAgentTheRestartedServerWaitsMissingAfterBeforeItJudges() {
        baselineNow();
        bed.advanceSeconds(5);
        moveH2To(3);
        push();

        moveH2To(2);
        restart();
        bed.advanceSeconds(1);
        pushFromHost(H2); // the leaf and h1 have not reported yet: no proof that they are gone
        assertThat(bed.events).isEmpty();
        assertThat(bed.engine.openKeys()).hasSize(1);

        bed.advanceSeconds(28);
        push(false);
        assertThat(bed.events).as("29 s after the restart: still rebuilding").isEmpty();

        bed.advanceSeconds(2);
        push(false);
        bed.advanceSeconds(ROUND_TRIP.toSeconds()); // the agents' silence meanwhile is another alert
        assertThat(bed.events(AlertEventKind.RESOLVED)).singleElement().satisfies(resolved -> {
            assertThat(resolved.kind()).isEqualTo(AlertEventKind.RESOLVED);
            assertThat(resolved.subject()).isEqualTo(MOVED_LINK);
        });
        assertThat(bed.openRows()).noneMatch(row -> row.rule().equals(RuleCatalog.TOPOLOGY_CHANGED));
    }
}
