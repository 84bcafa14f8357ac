package io.fabricpulse.server.web.overview;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.NodeNameDirectory;
import io.fabricpulse.server.topology.TopologyChanges;
import io.fabricpulse.server.topology.TopologyProperties;
import io.fabricpulse.server.topology.TopologyViews;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.InMemoryFabricView;
import io.fabricpulse.server.web.TestPorts;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The worst links' one order: down, flapping, errors by rate, degraded; healthy cables left out; short names. */
class WorstLinksTest {

    private static final Instant AT = Instant.parse("2026-03-01T12:00:00Z");
    private static final String LEAF = "0x0002c90200000100";

    @Test
    void ranksDownThenFlappingThenErrorsByRateThenDegradedAndLeavesHealthyOut() {
        // host 1 healthy, 2 degraded (trained 1X of 4X), 3 errors at 5/s, 4 errors at 50/s, 5 flapping, 6 down.
        TopologyChanges topology = new TopologyChanges(new TopologyProperties(Duration.ofSeconds(30), DataSize.ofMegabytes(16)),
                Clock.fixed(AT, ZoneOffset.UTC), guid -> null, List.of());
        List<NodeReport> nodes = new ArrayList<>();
        List<PortReport> leafPorts = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            LinkWidth width = i == 2 ? LinkWidth.X1 : LinkWidth.X4;
            nodes.add(new NodeReport(host(i), host(i), NodeType.CA, "host" + i + " HCA-1", null, null, null,
                    List.of(report(1, width, LEAF, i))));
            leafPorts.add(report(i, width, host(i), 1));
        }
        nodes.add(new NodeReport(LEAF, null, NodeType.SWITCH, "MF0;leaf01:SB7800/U1", null, null, null, leafPorts));
        topology.accept(new IngestBatch(IngestBatch.SCHEMA_VERSION, "agent", 1, AT, "umad", nodes));

        InMemoryFabricView fabric = new InMemoryFabricView();
        List<io.fabricpulse.server.fabric.PortView> ports = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            TestPorts port = TestPorts.port("host" + i + " HCA-1", host(i), 1).peer(LEAF, i)
                    .link(i == 2 ? "1X" : "4X", "EDR").counter("SymbolErrorCounter", 0, 0.0);
            switch (i) {
                case 3 -> port.counter("SymbolErrorCounter", 50, 5.0);
                case 4 -> port.counter("SymbolErrorCounter", 500, 50.0);
                case 5 -> port.counter("LinkDownedCounter", 1, 0.5);
                case 6 -> port.state(PortState.DOWN, PhysicalState.POLLING);
                default -> { }
            }
            ports.add(port.build());
            ports.add(TestPorts.port("MF0;leaf01:SB7800/U1", LEAF, i).type(NodeType.SWITCH).peer(host(i), 1)
                    .link(i == 2 ? "1X" : "4X", "EDR").counter("SymbolErrorCounter", 0, 0.0).build());
        }
        fabric.publish(AT, List.of(), ports);
        TopologyViews views = new TopologyViews(topology, fabric, fabric, new NodeNameDirectory(null), new ClusterDirectory(null));

        List<LinkRow> rows = new WorstLinks(views, new DisplayFormat(ZoneOffset.UTC)).current(null);

        assertThat(rows).extracting(LinkRow::status).containsExactly("down", "flapping", "errors", "errors", "degraded");
        assertThat(rows).extracting(row -> ends(row)).containsExactly("host6[1]", "host5[1]", "host4[1]", "host3[1]", "host2[1]");
        assertThat(rows.get(2).errors()).isEqualTo("50");
        LinkRow.End leaf = rows.get(0).a().name().equals("leaf01") ? rows.get(0).a() : rows.get(0).b();
        assertThat(leaf.name()).as("a vendor description shortened").isEqualTo("leaf01");
        assertThat(leaf.title()).isEqualTo("MF0;leaf01:SB7800/U1 (" + LEAF + ")");
        assertThat(leaf.port()).isEqualTo("[6]");
    }

    private static String ends(LinkRow row) {
        LinkRow.End host = row.a().name().startsWith("host") ? row.a() : row.b();
        return host.name() + host.port();
    }

    private static String host(int i) {
        return "0x0002c9030000000" + i;
    }

    private static PortReport report(int number, LinkWidth width, String peer, int peerPort) {
        return new PortReport(number, 10 + number, 1, PortState.ACTIVE, PhysicalState.LINK_UP, width, LinkSpeed.EDR,
                EnumSet.of(LinkWidth.X1, LinkWidth.X4), EnumSet.of(LinkSpeed.EDR), "InfiniBand", true,
                Map.of("SymbolErrorCounter", 0L), new PeerPort(peer, peerPort));
    }
}
