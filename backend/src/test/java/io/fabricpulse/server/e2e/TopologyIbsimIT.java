package io.fabricpulse.server.e2e;

import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.server.testing.ServerTest;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server's topology under ibsim with a real discover-role agent (the agent jar, libibumad
 * redirected by umad2sim): the fabric is pushed, saved as the baseline; the ibnetdiscover export read
 * back as the baseline shows no change; then a switch-to-switch cable and a host cable are cut, a cable
 * is moved and a node is taken off the fabric, and the server reports exactly those four changes.
 *
 * <p>The fabric is {@code dual-port.net}: rails a and b joined by two cables, four dual-port hosts.
 */
class TopologyIbsimIT extends ServerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration WAIT = Duration.ofSeconds(120);

    @LocalServerPort
    int port;
    @org.springframework.beans.factory.annotation.Autowired
    io.fabricpulse.server.security.token.ApiTokenStore tokens;
    /** Imports are admin writes; scripts make them with an API token (Basic writes need a CSRF token). */
    private String adminToken;

    private String adminToken() {
        if (adminToken == null) {
            adminToken = tokens.create("topology-it-" + System.nanoTime(),
                    java.util.Set.of(io.fabricpulse.server.security.token.ApiScope.ADMIN), ADMIN).block().secret();
        }
        return adminToken;
    }

    /** GETs as the admin with room for a loaded machine (the shared client gives up after 5 s). */
    @Override
    protected WebTestClient.ResponseSpec read(String uri) {
        return web.mutate().responseTimeout(Duration.ofSeconds(60)).build().get().uri(uri)
                .headers(h -> h.setBasicAuth(ADMIN, ADMIN_PASSWORD)).exchange();
    }

    @Test
    void cutMovedAndGoneCablesAreReportedExactlyAgainstTheBaseline(@TempDir Path dir) throws Exception {
        Path topology = dir.resolve("dual-port.net");
        try (InputStream in = getClass().getResourceAsStream("/topologies/dual-port.net")) {
            Files.copy(in, topology);
        }
        try (IbsimFabric fabric = IbsimFabric.start(topology, "gpu-1")) {
            Path log = dir.resolve("agent.log");
            Process agent = fabric.client("gpu-1", List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                    AgentProcess.JAR.toAbsolutePath().toString(), "run", "--server", "http://127.0.0.1:" + port,
                    "--token", AGENT_TOKEN, "--interval", "1s", "--agent-id", "discoverer", "--no-spool",
                    "--role", "discover", "--discover-interval", "1s"), log);
            try {
                await(log, "the whole fabric", () -> {
                    JsonNode topo = json(read("/api/v1/topology"));
                    return topo.path("nodes").size() == 6 && topo.path("links").size() == 10;
                });
                Map<String, String> guids = guidsByName();
                post("/api/v1/topology/baseline", MediaType.TEXT_PLAIN, "");
                assertThat(changes()).isEmpty();

                String dump = web.mutate().responseTimeout(Duration.ofSeconds(60)).build().get().uri("/api/v1/topology").headers(h -> h.setBasicAuth(ADMIN, ADMIN_PASSWORD))
                        .accept(MediaType.TEXT_PLAIN).exchange().expectStatus().isOk()
                        .expectBody(String.class).returnResult().getResponseBody();
                put("/api/v1/topology/baseline", dump);
                assertThat(changes()).as("acceptance 3 under ibsim: the export read back as the baseline").isEmpty();

                fabric.console("Unlink \"rail-a\"[12]");                 // switch to switch; [11] still joins the rails
                fabric.console("Unlink \"gpu-2\"[2]");                   // host cable; gpu-2 stays on rail a
                fabric.console("Unlink \"gpu-3\"[2]");                   // moved ...
                fabric.console("Link \"gpu-3\"[2] \"rail-b\"[7]");       // ... to a free port
                fabric.console("Unlink \"gpu-4\"");                      // gone: both its cables

                Set<String> expected = new TreeSet<>(Set.of(
                        "LINK_MISSING " + end(guids, "rail-a", 12) + " " + end(guids, "rail-b", 12),
                        "LINK_MISSING " + cable(guids, "gpu-2", 2, "rail-b", 2),
                        "LINK_MOVED " + cable(guids, "gpu-3", 2, "rail-b", 3) + " now " + end(guids, "rail-b", 7),
                        "NODE_MISSING " + guids.get("gpu-4")));
                try {
                    Awaitility.await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).ignoreExceptions()
                            .until(this::changes, expected::equals);
                } catch (ConditionTimeoutException e) {
                    throw new AssertionError("expected " + expected + ", the server reports " + changes()
                            + "; agent log:\n" + Files.readString(log), e);
                }
            } finally {
                agent.destroy();
            }
        }
    }

    private void await(Path log, String what, Callable<Boolean> condition) throws Exception {
        try {
            Awaitility.await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).ignoreExceptions().until(condition);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("the server never showed " + what + "; topology: "
                    + read("/api/v1/topology").expectBody(String.class).returnResult().getResponseBody()
                    + "\nagent log:\n" + Files.readString(log), e);
        }
    }

    /** The changes as one line each: kind, ends (and where a moved end is now) or the node. */
    private Set<String> changes() {
        Set<String> lines = new TreeSet<>();
        for (JsonNode change : json(read("/api/v1/topology/changes"))) {
            if (change.path("port").isNull() || change.path("port").isMissingNode()) {
                lines.add(change.path("kind").asString() + " " + change.path("nodeGuid").asString());
            } else {
                String line = change.path("kind").asString() + " " + portOf(change.path("port")) + " "
                        + portOf(change.path("peer"));
                if (!change.path("now").isNull() && !change.path("now").isMissingNode()) {
                    line += " now " + portOf(change.path("now"));
                }
                lines.add(line);
            }
        }
        return lines;
    }

    private Map<String, String> guidsByName() {
        Map<String, String> guids = new HashMap<>();
        for (JsonNode node : json(read("/api/v1/topology")).path("nodes")) {
            guids.put(node.path("description").asString(), node.path("guid").asString());
        }
        return guids;
    }

    private static String portOf(JsonNode end) {
        return end.path("nodeGuid").asString() + "[" + end.path("port").asInt() + "]";
    }

    private static String end(Map<String, String> guids, String name, int port) {
        return guids.get(name) + "[" + port + "]";
    }

    /** A cable's ends as the server orders them: by GUID. */
    private static String cable(Map<String, String> guids, String one, int onePort, String other, int otherPort) {
        String a = end(guids, one, onePort);
        String b = end(guids, other, otherPort);
        return a.compareTo(b) < 0 ? a + " " + b : b + " " + a;
    }

    private void post(String uri, MediaType type, String body) {
        web.mutate().responseTimeout(Duration.ofSeconds(60)).build().post().uri(uri).headers(h -> h.setBearerAuth(adminToken())).contentType(type)
                .bodyValue(body.getBytes(StandardCharsets.UTF_8)).exchange().expectStatus().isCreated();
    }

    private void put(String uri, String text) {
        web.mutate().responseTimeout(Duration.ofSeconds(60)).build().put().uri(uri).headers(h -> h.setBearerAuth(adminToken())).contentType(MediaType.TEXT_PLAIN)
                .bodyValue(text.getBytes(StandardCharsets.UTF_8)).exchange().expectStatus().isCreated();
    }

    private static JsonNode json(WebTestClient.ResponseSpec response) {
        return JSON.readTree(response.expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody());
    }
}
