package io.fabricpulse.server.metrics;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.ExportedPort;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.rates.CounterMap;
import io.fabricpulse.server.rates.CounterTotals;
import io.fabricpulse.server.rates.DerivedRates;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The page across chunk boundaries: one metadata block per family, every series once, one EOF. */
class FabricMetricsWriterTest {

    private static final int PORTS = FabricMetricsWriter.CHUNK_ROWS * 2 + 7;

    @Test
    void aFamilySpanningChunksHasOneHeaderAndEverySeries() throws Exception {
        for (String accept : new String[]{null, "application/openmetrics-text;version=1.0.0"}) {
            String page = write(accept, MetricScope.PORT, ports(PORTS, true));

            assertThat(count(page, "# TYPE fabricpulse_port_symbol_errors")).as(accept).isEqualTo(1);
            assertThat(count(page, "# HELP fabricpulse_port_symbol_errors")).isEqualTo(1);
            assertThat(page.lines().filter(l -> l.startsWith("fabricpulse_port_symbol_errors_total{"))).hasSize(PORTS);
            assertThat(page.lines().filter(l -> l.startsWith("fabricpulse_port_state{"))).hasSize(PORTS);
            assertThat(count(page, "# EOF")).isEqualTo(accept == null ? 0 : 1);
            if (accept != null) {
                assertThat(page).endsWith("# EOF\n");
            }
        }
    }

    @Test
    void linkScopeWritesEachCableOnceWithBothEndsSummed() throws Exception {
        List<ExportedPort> cabled = new ArrayList<>();
        cabled.add(port("0x0000000000000001", 1, "0x0000000000000002", 7, 5));
        cabled.add(port("0x0000000000000002", 7, "0x0000000000000001", 1, 3));
        cabled.add(port("0x0000000000000003", 1, null, 0, 100)); // no known peer: not a link

        String page = write(null, MetricScope.LINK, cabled);

        List<String> lines = page.lines().filter(l -> l.startsWith("fabricpulse_port_symbol_errors_total{")).toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.getFirst()).contains("node_guid=\"0x0000000000000001\"", "peer_guid=\"0x0000000000000002\"",
                "peer_port=\"7\"", "peer_name=\"node 0x0000000000000002\"").endsWith(" 8.0");
    }

    @Test
    void groupsLeaveOutWhatIsNotAskedFor() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FabricMetricsWriter.negotiate(null).write(out, FabricMetricCatalog.of(EnumSet.of(MetricGroup.STATE)),
                FabricRows.of(ports(3, true), MetricScope.PORT, guid -> "etna", Map.of()));
        String page = out.toString(StandardCharsets.UTF_8);

        assertThat(page).contains("fabricpulse_port_state{").contains("cluster=\"etna\"")
                .doesNotContain("fabricpulse_port_symbol_errors_total").doesNotContain("transmit_bytes");
    }

    private static String write(String accept, MetricScope scope, List<ExportedPort> ports) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FabricMetricsWriter.negotiate(accept).write(out, FabricMetricCatalog.all(),
                FabricRows.of(ports, scope, guid -> null, Map.of()));
        return out.toString(StandardCharsets.UTF_8);
    }

    private static List<ExportedPort> ports(int count, boolean withPeers) {
        List<ExportedPort> ports = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ports.add(port("0x%016x".formatted(0x100000L + i), 1, withPeers ? "0x%016x".formatted(0x900000L + i) : null,
                    3, i));
        }
        return ports;
    }

    private static ExportedPort port(String guid, int number, String peer, int peerPort, long symbolErrors) {
        PortView view = new PortView(guid, "node " + guid, NodeType.CA, number, 1, PortState.ACTIVE, null, "4X", "EDR",
                peer, peerPort, CounterMap.ofLongs(Map.of("SymbolErrorCounter", symbolErrors)), Map.of(), null, null,
                DerivedRates.NONE, Map.of(), Instant.parse("2026-03-02T10:00:00Z"));
        return new ExportedPort(view, null, null, "InfiniBand", new CounterTotals() {
            @Override
            public boolean has(PortCounter counter) {
                return counter == PortCounter.SymbolErrorCounter;
            }

            @Override
            public long total(PortCounter counter) {
                return counter == PortCounter.SymbolErrorCounter ? symbolErrors : 0;
            }
        });
    }

    private static long count(String page, String text) {
        return page.lines().filter(l -> l.startsWith(text)).count();
    }

}
