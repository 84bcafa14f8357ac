package io.fabricpulse.server.e2e;

import io.fabricpulse.agent.sim.FatTreeGenerator;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.topology.TopologyWriter;
import io.fabricpulse.server.testing.ServerTest;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The whole path for real: the agent jar as its own process pushes over HTTP to the server, and the
 * read API shows what the agent saw with the rates the rules give.
 */
class AgentPushIT extends ServerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Test
    void simAgentPushesAndTheApiShowsTheScriptedRates(@TempDir Path dir) throws Exception {
        // 2 spines, 2 leaves, 4 hosts per leaf: leaf ports 1-4 to hosts, 5-6 to the spines.
        FatTreeGenerator fabric = new FatTreeGenerator(2, 2, 4, LinkWidth.X4, LinkSpeed.EDR);
        Path topology = Files.writeString(dir.resolve("fabric.net"),
                TopologyWriter.toText(fabric.generate(), "agent push IT"));
        String leaf2 = fabric.switchDescription("leaf", 2);
        Path faults = Files.writeString(dir.resolve("faults.txt"), """
                symbol-errors "%s"[1] 5/s
                xmit-discards "%s"[5] 10/s
                """.formatted(FatTreeGenerator.hostDescription(3), leaf2));

        try (AgentProcess agent = AgentProcess.start(dir, "run", "--server", "http://127.0.0.1:" + port,
                "--token", AGENT_TOKEN, "--interval", "1s", "--agent-id", "it-sim-agent", "--spool-dir", dir.resolve("spool").toString(),
                "--source", "sim", "--topology", topology.toString(), "--faults", faults.toString())) {

            JsonNode symbolErrors = awaitPort(agent, FatTreeGenerator.hostDescription(3), 1,
                    p -> p.path("rates").has("SymbolErrorCounter"));
            JsonNode discards = awaitPort(agent, leaf2, 5, p -> p.path("rates").has("PortXmitDiscards"));

            // Rates over one-second steps: the script's rates, give or take one event of rounding.
            assertThat(symbolErrors.path("rates").path("SymbolErrorCounter").asDouble()).isCloseTo(5.0, within(1.5));
            assertThat(discards.path("rates").path("PortXmitDiscards").asDouble()).isCloseTo(10.0, within(1.5));
            // Data counters count 4-byte words.
            assertThat(discards.path("xmitBytesPerSecond").asDouble())
                    .isCloseTo(4 * discards.path("rates").path("PortXmitData").asDouble(), within(1e-6));
            assertThat(discards.path("peerGuid").asString()).startsWith("0x");

            // Other tests share this server: look only at this fabric's nodes.
            Set<String> names = new HashSet<>();
            for (int i = 1; i <= 2; i++) {
                names.add(fabric.switchDescription("spine", i));
                names.add(fabric.switchDescription("leaf", i));
            }
            for (int i = 1; i <= 8; i++) {
                names.add(FatTreeGenerator.hostDescription(i));
            }
            JsonNode nodes = JSON.readTree(read("/api/v1/nodes").expectStatus().isOk()
                    .expectBody(String.class).returnResult().getResponseBody());
            Set<String> seen = new HashSet<>();
            nodes.forEach(n -> seen.add(n.path("name").asString()));
            assertThat(seen).containsAll(names);

            // Worst first: the two faulty ports lead this fabric's ports.
            List<JsonNode> ours = new ArrayList<>();
            ports().forEach(p -> {
                if (names.contains(p.path("nodeName").asString())) {
                    ours.add(p);
                }
            });
            assertThat(errorRate(ours.get(0))).isPositive();
            assertThat(errorRate(ours.get(1))).isPositive();
            assertThat(errorRate(ours.get(2))).isZero();
        }
    }

    @Test
    void sysfsAgentPushesAFixtureHostAndItsPortsAppear(@TempDir Path dir) throws Exception {
        Path fixture = Path.of("..", "collector-agent", "src", "test", "resources", "sysfs", "cx6-host");
        try (AgentProcess agent = AgentProcess.start(dir, "run", "--once", "--server", "http://127.0.0.1:" + port,
                "--token", AGENT_TOKEN, "--agent-id", "it-sysfs-agent", "--source", "sysfs",
                "--sysfs-root", fixture.toString())) {
            assertThat(agent.waitFor(60)).as(agent.log()).isZero();
        }
        JsonNode ports = JSON.readTree(read("/api/v1/ports?nodeGuid=0x0c42a10300a1b2c0").expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody());
        assertThat(ports.size()).isPositive();
        assertThat(ports.get(0).path("counters").has("SymbolErrorCounter")).isTrue();
    }

    /**
     * Enrolment for real: the agent trades the token it was given (here the shared one, which may enrol) for a
     * token of its own at its first push, keeps it in a private file and uses that from then on.
     */
    @Test
    void anAgentEnrolsOnceAndPushesWithItsOwnToken(@TempDir Path dir) throws Exception {
        Path fixture = Path.of("..", "collector-agent", "src", "test", "resources", "sysfs", "cx6-host");
        Path credential = dir.resolve("credentials").resolve("it-sysfs-agent");
        for (int start = 1; start <= 2; start++) {
            try (AgentProcess agent = AgentProcess.start(dir, "run", "--once", "--server", "http://127.0.0.1:" + port,
                    "--bootstrap-token", AGENT_TOKEN, "--credential-file", credential.toString(),
                    "--agent-id", "it-sysfs-agent", "--source", "sysfs", "--sysfs-root", fixture.toString())) {
                assertThat(agent.waitFor(60)).as("start " + start + ": " + agent.log()).isZero();
            }
        }
        assertThat(Files.readString(credential).strip()).startsWith("fpa_");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(credential))).isEqualTo("rw-------");
        JsonNode agents = JSON.readTree(read("/api/v1/agents").expectStatus().isOk().expectBody(String.class)
                .returnResult().getResponseBody());
        JsonNode enrolled = null;
        for (JsonNode agent : agents) {
            if (agent.path("agentId").asString().equals("it-sysfs-agent")) {
                enrolled = agent;
            }
        }
        assertThat(enrolled).isNotNull();
        assertThat(enrolled.path("credential").asString()).isEqualTo("token");
        assertThat(enrolled.path("role").asString()).isEqualTo("node");
        assertThat(enrolled.path("lastUsedAt").isNull()).as("its own token pushed").isFalse();
        assertThat(read("/api/v1/audit?action=agent.enrol&target=agent:it-sysfs-agent").expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody()).as("enrolled once, not at each start")
                .containsOnlyOnce("agent.enrol");
    }

    /** Polls the API until the port shows what {@code ready} wants; the agent's log explains a time-out. */
    private JsonNode awaitPort(AgentProcess agent, String nodeName, int portNumber, Predicate<JsonNode> ready) {
        try {
            return Awaitility.await().atMost(PATIENCE).pollInterval(Duration.ofMillis(250))
                    .until(() -> port(nodeName, portNumber), p -> p != null && ready.test(p));
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("no rate for " + nodeName + "[" + portNumber + "] within " + PATIENCE
                    + "; agent log:\n" + agent.log(), e);
        }
    }

    private JsonNode port(String nodeName, int portNumber) {
        for (JsonNode p : ports()) {
            if (p.path("nodeName").asString().equals(nodeName) && p.path("portNumber").asInt() == portNumber) {
                return p;
            }
        }
        return null;
    }

    private static double errorRate(JsonNode port) {
        return port.path("rates").path("SymbolErrorCounter").asDouble()
                + port.path("rates").path("PortXmitDiscards").asDouble();
    }

    private JsonNode ports() {
        return JSON.readTree(read("/api/v1/ports").expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody());
    }
}
