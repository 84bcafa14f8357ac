package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.testing.AgentJvm;
import io.fabricpulse.agent.testing.CommandBatchMain;
import io.fabricpulse.agent.testing.FabricPorts;
import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.agent.testing.RecordingIngestServer;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortReport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sweeps of the 648-host demo fabric under ibsim: {@code sweep} reads all 2,592 cabled ports each time
 * and its values are perfquery's for a sample of switch and host ports (error counters injected with
 * distinct values; data and packet counters, which the queries themselves move, between a perfquery
 * before and one after); and {@code run --role discover} pushes every switch port with counters and
 * peers plus the CAs the walk found, by identity.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FabricSweepIT {

    private static final String HOST = FatTreeDiscoverIT.FIRST_HOST;
    private static final int CABLED_PORTS = 2592;
    private static final int SWITCH_PORTS = 1944;
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration PUSH_WAIT = Duration.ofSeconds(90);

    /** A sampled port: its node's id in the topology file (for ibsim's console), its description, the port. */
    private record Sample(String id, String description, int port) {
        String console() {
            return "\"%s\"[%d]".formatted(id, port);
        }
    }

    /** Leaf 36's uplink and a host port, spine 1's port to leaf 36, the client's own cable, two far hosts. */
    private static final List<Sample> SAMPLE = List.of(
            new Sample("S-98039b0300020024", "MF0;leaf36:SB7800/U1", 19),
            new Sample("S-98039b0300020024", "MF0;leaf36:SB7800/U1", 1),
            new Sample("S-98039b0300010001", "MF0;spine01:SB7800/U1", 36),
            new Sample("S-98039b0300020001", "MF0;leaf01:SB7800/U1", 1),
            new Sample("H-0c42a10300002880", "node0648 HCA-1", 1),
            new Sample("H-0c42a103000012c0", "node0300 HCA-1", 1));
    private static final List<String> INJECTED = List.of("SymbolErrorCounter", "LinkErrorRecoveryCounter",
            "PortRcvErrors", "PortXmitDiscards", "VL15Dropped");

    private IbsimFabric fabric;
    private AgentJvm agent;
    private List<FabricPorts.Port> ports;

    @BeforeAll
    void startFabric(@TempDir Path workDir) {
        fabric = IbsimFabric.start(FatTreeDiscoverIT.demo(workDir), HOST);
        agent = fabric.agentJvm(HOST, CommandBatchMain.class);
        ports = FabricPorts.parse(fabric.tool(HOST, "ibnetdiscover", "-p").stdout());
        for (int i = 0; i < SAMPLE.size(); i++) {
            for (int c = 0; c < INJECTED.size(); c++) {
                String set = "PerformanceSet %s PortCounters.%s=%d".formatted(SAMPLE.get(i).console(), INJECTED.get(c),
                        10 * (i + 1) + c);
                assertThat(fabric.console(set)).as(set).contains("has been set");
            }
        }
    }

    @AfterAll
    void stopFabric() {
        if (agent != null) {
            agent.close();
        }
        if (fabric != null) {
            fabric.close();
        }
    }

    @Test
    @Order(1)
    void everySweepReadsAllCabledPortsAndTheValuesArePerfquerys() {
        sweepAndCompare("sweep --repeat 3 --json", 3, false);
    }

    @Test
    @Order(2)
    void anExtendedSweepReadsTheSixtyFourBitCountersLikePerfqueryX() {
        List<NodeReport> nodes = sweepAndCompare("sweep -x --json", 1, true);
        assertThat(nodes).flatMap(NodeReport::ports).allMatch(PortReport::extendedCounters);
    }

    /**
     * Runs {@code command} (which ends in {@code --json}) between two perfquery readings of the sample,
     * checks its lines and compares the sample; returns the last sweep's reports.
     */
    private List<NodeReport> sweepAndCompare(String command, int sweeps, boolean extended) {
        Map<FabricPorts.Port, Map<String, Long>> before = perfquery(extended);
        IbsimFabric.ToolResult sweep = agent.run(command);
        Map<FabricPorts.Port, Map<String, Long>> after = perfquery(extended);

        assertThat(sweep.exitCode()).as(sweep.stderr()).isZero();
        assertThat(sweep.stderr()).isEmpty();
        List<String> lines = sweep.stdout().lines().toList();
        assertThat(lines).hasSize(sweeps + 2);
        assertThat(lines.getFirst()).matches("discovered 702 nodes and 1296 links in \\d+ ms; 2592 cabled ports to read");
        for (int k = 1; k <= sweeps; k++) {
            assertThat(lines.get(k)).matches("sweep " + k + ": " + CABLED_PORTS + " ports in \\d+ ms");
        }
        List<NodeReport> nodes = List.of(JSON.readValue(lines.getLast(), NodeReport[].class));
        assertThat(nodes.stream().mapToInt(n -> n.ports().size()).sum()).isEqualTo(CABLED_PORTS);
        assertSampleMatches(nodes, before, after);
        return nodes;
    }

    @Test
    @Order(3)
    void theDiscoverRolePushesEverySwitchPortWithPeersAndTheDiscoveredCas() throws Exception {
        try (RecordingIngestServer server = new RecordingIngestServer()) {
            IbsimFabric.ToolResult run = agent.run("run --once --role discover --server " + server.baseUri()
                    + " --token it-token --agent-id discover-it");
            assertThat(run.exitCode()).as(run.stderr()).isZero();
            IngestBatch batch = server.takeRequest(PUSH_WAIT).batch();

            assertThat(batch.source()).isEqualTo("umad");
            List<NodeReport> switches = batch.nodes().stream().filter(n -> n.type() == NodeType.SWITCH).toList();
            assertThat(switches).hasSize(54);
            List<PortReport> switchPorts = switches.stream().flatMap(n -> n.ports().stream()).toList();
            assertThat(switchPorts).hasSize(SWITCH_PORTS).allSatisfy(p -> {
                assertThat(p.peer()).isNotNull();
                assertThat(p.counters()).containsKeys("SymbolErrorCounter", "PortXmitData");
                assertThat(p.linkWidthActive()).isNotNull();
            });
            List<NodeReport> cas = batch.nodes().stream().filter(n -> n.type() == NodeType.CA).toList();
            assertThat(cas).as("the walk's CAs, each once, this host's own among them").hasSize(648);
            NodeReport own = cas.stream().filter(n -> n.guid().equals("0x0c42a10300000010")).findFirst().orElseThrow();
            assertThat(own.ports()).singleElement().satisfies(p -> assertThat(p.counters()).isNotEmpty());
            NodeReport far = cas.stream().filter(n -> n.guid().equals("0x0c42a10300002880")).findFirst().orElseThrow();
            assertThat(far.description()).isEqualTo("node0648 HCA-1");
            assertThat(far.ports()).as("another host's own agent reports its port").isEmpty();
            assertThat(switchPorts).as("its cable is in leaf 36's port 18").anySatisfy(p ->
                    assertThat(p.peer()).extracting(PeerPort::nodeGuid, PeerPort::portNumber)
                            .containsExactly("0x0c42a10300002880", 1));
        }
    }

    /** Error counters equal perfquery's; data and packet counters between perfquery's before and after. */
    private void assertSampleMatches(List<NodeReport> nodes, Map<FabricPorts.Port, Map<String, Long>> before,
                                     Map<FabricPorts.Port, Map<String, Long>> after) {
        for (FabricPorts.Port port : before.keySet()) {
            Map<String, Long> ours = counters(nodes, port);
            assertThat(ours).as("port %s", port).isNotEmpty();
            for (Map.Entry<String, Long> entry : ours.entrySet()) {
                String name = entry.getKey();
                long low = before.get(port).get(name);
                long high = after.get(port).get(name);
                if (PortCounter.ofIbaName(name).kind() == PortCounter.Kind.ERROR) {
                    assertThat(entry.getValue()).as("%s of %s", name, port).isEqualTo(low).isEqualTo(high);
                } else {
                    assertThat(entry.getValue()).as("%s of %s", name, port).isBetween(low, high);
                }
            }
            for (String injected : INJECTED) {
                assertThat(ours.get(injected)).as("%s of %s was injected", injected, port).isPositive();
            }
        }
    }

    private static Map<String, Long> counters(List<NodeReport> nodes, FabricPorts.Port port) {
        return nodes.stream().filter(n -> n.description().equals(port.name()))
                .flatMap(n -> n.ports().stream()).filter(p -> p.portNumber() == port.port()).findFirst()
                .map(PortReport::counters).orElse(Map.of());
    }

    private Map<FabricPorts.Port, Map<String, Long>> perfquery(boolean extended) {
        Map<FabricPorts.Port, Map<String, Long>> values = new HashMap<>();
        for (Sample sample : SAMPLE) {
            FabricPorts.Port port = ports.stream().filter(p -> p.name().equals(sample.description())
                    && p.port() == sample.port()).findFirst()
                    .orElseThrow(() -> new AssertionError(sample + " not in ibnetdiscover -p"));
            IbsimFabric.ToolResult result = extended
                    ? fabric.tool(HOST, "perfquery", "-x", String.valueOf(port.lid()), String.valueOf(port.port()))
                    : fabric.tool(HOST, "perfquery", String.valueOf(port.lid()), String.valueOf(port.port()));
            assertThat(result.exitCode()).as(result.stderr()).isZero();
            Map<String, Long> fields = decimalFields(result.stdout());
            if (extended) {
                // perfquery -x shows the 64-bit data counters; the sweep's error counters come from PortCounters
                decimalFields(fabric.tool(HOST, "perfquery", String.valueOf(port.lid()), String.valueOf(port.port()))
                        .stdout()).forEach(fields::putIfAbsent);
            }
            values.put(port, fields);
        }
        return values;
    }

    /** perfquery's {@code Name:....value} lines with a decimal value. */
    private static Map<String, Long> decimalFields(String perfquery) {
        Map<String, Long> fields = new HashMap<>();
        for (String line : perfquery.lines().toList()) {
            int colon = line.indexOf(':');
            String value = colon < 0 ? "" : line.substring(colon + 1).replaceFirst("^\\.+", "");
            if (!line.startsWith("#") && value.matches("\\d+")) {
                fields.put(line.substring(0, colon), Long.parseLong(value));
            }
        }
        return fields;
    }
}
