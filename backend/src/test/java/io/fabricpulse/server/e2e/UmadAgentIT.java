package io.fabricpulse.server.e2e;

import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.server.testing.ServerTest;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent jar on a simulated fabric (ibsim, libibumad redirected by umad2sim) with no
 * {@code --source}: it must choose umad, report its local port, the switch port at the other end of
 * the cable and that port's counters, and the server must show them.
 */
class UmadAgentIT extends ServerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Test
    void autoChoosesUmadAndTheServerShowsTheLocalPortItsPeerAndThePeersCounters(@TempDir Path dir) throws Exception {
        Path topology = dir.resolve("four-hca.net");
        try (InputStream in = getClass().getResourceAsStream("/topologies/four-hca.net")) {
            Files.copy(in, topology);
        }
        try (IbsimFabric fabric = IbsimFabric.start(topology, "node-1")) {
            // A marginal cable seen from the switch side, at the peer port the agent must find.
            fabric.console("PerformanceSet \"leaf-b\"[1] PortCounters.SymbolErrorCounter=1234");
            Path log = dir.resolve("agent.log");
            // Other ITs on this shared server may have shown the same simulated ports: only this agent's samples count.
            Instant started = Instant.now();
            Process agent = fabric.client("node-2", List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                    AgentProcess.JAR.toAbsolutePath().toString(), "run", "--server", "http://127.0.0.1:" + port,
                    "--token", AGENT_TOKEN, "--interval", "1s", "--agent-id", "node-2", "--no-spool"), log);
            try {
                JsonNode hostPort = await(log, () -> portOf("node-2", 1, started));
                JsonNode switchPort = await(log, () -> portOf("leaf-b", 1, started));

                assertThat(Files.readString(log)).contains("source auto: using umad");
                assertThat(hostPort.path("state").asString()).isEqualTo("ACTIVE");
                assertThat(hostPort.path("peerGuid").asString()).isEqualTo(switchPort.path("nodeGuid").asString());
                assertThat(hostPort.path("peerPort").asInt()).isEqualTo(1);
                assertThat(switchPort.path("nodeType").asString()).isEqualTo("SWITCH");
                assertThat(switchPort.path("counters").path("SymbolErrorCounter").asLong()).isEqualTo(1234);
                assertThat(hostPort.path("lid").asInt()).isPositive();
            } finally {
                agent.destroy();
            }
        }
    }

    private JsonNode await(Path log, java.util.concurrent.Callable<JsonNode> port) throws IOException {
        try {
            return Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250))
                    .until(port, p -> p != null);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("the server never showed the port; agent log:\n" + Files.readString(log), e);
        }
    }

    /** The port as the server shows it, once sampled after {@code since}. */
    private JsonNode portOf(String nodeName, int portNumber, Instant since) {
        JsonNode ports = JSON.readTree(read("/api/v1/ports").expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody());
        for (JsonNode p : ports) {
            if (p.path("nodeName").asString().equals(nodeName) && p.path("portNumber").asInt() == portNumber
                    && Instant.parse(p.path("sampledAt").asString()).isAfter(since)) {
                return p;
            }
        }
        return null;
    }
}
