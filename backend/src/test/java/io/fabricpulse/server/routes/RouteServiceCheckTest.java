package io.fabricpulse.server.routes;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.topology.NodeNameDirectory;
import io.fabricpulse.server.topology.TopologyChanges;
import io.fabricpulse.server.topology.TopologyProperties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The periodic check rebuilds the routes whenever the live topology's switches or cables change, check after check. */
class RouteServiceCheckTest {

    private final Clock clock = Clock.systemUTC();
    private final TopologyChanges topology = new TopologyChanges(
            new TopologyProperties(Duration.ofMinutes(5), DataSize.ofMegabytes(16)), clock, guid -> null, List.of());
    private final RouteService routes = new RouteService(topology, new ForwardingTableStore(), new NodeNameDirectory(null),
            new RoutesProperties(Duration.ofMillis(20), Duration.ofMinutes(15)), clock);

    @AfterEach
    void stop() {
        routes.stop();
    }

    @Test
    void everyChangeOfTheCablesIsBuiltIntoTheRoutes() {
        routes.start();
        assertThat(routes.current().summary().switches()).isZero();

        topology.accept(cabledSwitch(1, 1));
        await().atMost(Duration.ofSeconds(10)).until(() -> routes.current().summary().switches() == 1);
        long checked = routes.checks();
        await().atMost(Duration.ofSeconds(10)).until(() -> routes.checks() >= checked + 2); // the checks go on

        topology.accept(cabledSwitch(2, 2));
        await().atMost(Duration.ofSeconds(10)).until(() -> routes.current().summary().switches() == 2);
    }

    /** A switch and a host cabled to its port 1, reported by an agent of their own. */
    private IngestBatch cabledSwitch(int index, long sequence) {
        String leaf = TestFabric.guid(1, index);
        String host = TestFabric.guid(2, index);
        NodeReport hostNode = new NodeReport(host, host, NodeType.CA, "host" + index + " HCA-1", null, null, null,
                List.of(port(1, 100 + index, leaf)));
        NodeReport leafNode = new NodeReport(leaf, null, NodeType.SWITCH, "leaf" + index, null, null, null,
                List.of(port(1, index, host)));
        return new IngestBatch(IngestBatch.SCHEMA_VERSION, "agent-" + index, sequence, clock.instant(), "umad",
                List.of(hostNode, leafNode));
    }

    private static PortReport port(int number, int lid, String peer) {
        return new PortReport(number, lid, 1, PortState.ACTIVE, PhysicalState.LINK_UP, LinkWidth.X4, LinkSpeed.EDR,
                EnumSet.of(LinkWidth.X4), EnumSet.of(LinkSpeed.EDR), "InfiniBand", true, Map.of("SymbolErrorCounter", 0L),
                new PeerPort(peer, 1));
    }
}
