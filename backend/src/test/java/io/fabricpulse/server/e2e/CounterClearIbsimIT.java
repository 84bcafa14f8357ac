package io.fabricpulse.server.e2e;

import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.server.testing.ServerTest;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 22, acceptance 1 and 3 for clears: an operator clears a host port's counters through the API; the host's
 * own agent jar (started with --allow-counter-clear) takes the order from its ingest answer and sends PortCounters
 * Set; perfquery, the oracle, shows the counters zeroed; the port page shows the clear with who and why; the rates
 * show no spike and no alert opens. An agent started without the option refuses, and the API says so. A port no
 * agent able to execute the order reaches is a 409 with the reason; a viewer is refused. A clear with {@code bothEnds}
 * of a switch-to-switch cable, through a discover agent, zeroes both ends (perfquery again).
 */
class CounterClearIbsimIT extends ServerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern PERFQUERY_LINE = Pattern.compile("^(\\w+):\\.*(\\d+)$", Pattern.MULTILINE);
    private static final String REASON = "reseated the cable after RMA 4711";

    @LocalServerPort
    int port;

    @Test
    void anOperatorClearsAHostPortThroughItsAgentAndTheFabricShowsItZeroed(@TempDir Path dir) throws Exception {
        Path topology = dir.resolve("four-hca.net");
        try (InputStream in = getClass().getResourceAsStream("/topologies/four-hca.net")) {
            Files.copy(in, topology);
        }
        try (IbsimFabric fabric = IbsimFabric.start(topology, "node-1")) {
            // Errors on the host port before the agents start: their first samples take them as the baseline.
            fabric.console("PerformanceSet \"node-2\"[1] PortCounters.SymbolErrorCounter=77");
            fabric.console("PerformanceSet \"node-2\"[1] PortCounters.PortRcvErrors=12");
            fabric.console("PerformanceSet \"node-4\"[1] PortCounters.SymbolErrorCounter=5");
            // Both ends of the switch-to-switch cable leaf-a[3] - leaf-b[3], cleared in one action below.
            fabric.console("PerformanceSet \"leaf-a\"[3] PortCounters.SymbolErrorCounter=33");
            fabric.console("PerformanceSet \"leaf-b\"[3] PortCounters.SymbolErrorCounter=44");
            Instant started = Instant.now();
            List<Process> agents = new ArrayList<>();
            try {
                agents.add(agent(fabric, dir, "node-2", "--allow-counter-clear"));
                agents.add(agent(fabric, dir, "node-4"));
                JsonNode host = await(dir, () -> portOf("node-2", 1, started));
                JsonNode refusingHost = await(dir, () -> portOf("node-4", 1, started));
                JsonNode switchPort = await(dir, () -> portOf("leaf-b", 1, started));
                String guid = host.path("nodeGuid").asString();
                int lid = host.path("lid").asInt();
                assertThat(perfquery(fabric, lid)).containsEntry("SymbolErrorCounter", 77L)
                        .containsEntry("PortRcvErrors", 12L);

                // A viewer may not; a request without a reason changes nothing.
                String viewerSaid = clear(VIEWER, VIEWER_PASSWORD, guid, 1, Map.of("reason", REASON))
                        .expectStatus().isForbidden().expectBody(String.class).returnResult().getResponseBody();
                assertThat(viewerSaid).doesNotContain("CSRF");
                clear(guid, 1, Map.of("reason", "  ")).expectStatus().isBadRequest();
                // The switch port across the cable: only a discover agent changes switch ports, and none runs.
                String refusal = clear(switchPort.path("nodeGuid").asString(), 1, Map.of("reason", REASON))
                        .expectStatus().isEqualTo(HttpStatus.CONFLICT).expectBody(String.class).returnResult()
                        .getResponseBody();
                assertThat(refusal).contains("no agent reaches").contains("discover");
                assertThat(commands(guid, 1)).isEmpty();

                JsonNode ordered = JSON.readTree(clear(guid, 1, Map.of("reason", REASON))
                        .expectStatus().isAccepted().expectBody(String.class).returnResult().getResponseBody());
                long id = ordered.path("commands").get(0).path("id").asLong();
                JsonNode done = awaitFinal(dir, guid, 1, id);
                assertThat(done.path("state").asString()).as(done.toString()).isEqualTo("done");
                assertThat(done.path("agentId").asString()).isEqualTo("node-2");
                assertThat(done.path("requestedBy").asString()).isEqualTo(OPERATOR);

                // The oracle: the counters the agent cleared read zero now.
                Map<String, Long> after = perfquery(fabric, lid);
                assertThat(after).containsEntry("SymbolErrorCounter", 0L).containsEntry("PortRcvErrors", 0L)
                        .containsEntry("LinkDownedCounter", 0L).containsEntry("PortXmitDiscards", 0L);

                // The port page: the clear, who asked and why, and what the counters were.
                String page = web.get().uri("/nodes/{g}/ports/1", guid)
                        .headers(h -> h.setBasicAuth(OPERATOR, OPERATOR_PASSWORD)).exchange()
                        .expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
                assertThat(page).contains("requested").contains(OPERATOR).contains(REASON)
                        .contains("SymbolErrorCounter=77");

                // The rates after the clear: samples taken after it show no rate above zero, and no alert is open.
                Instant clearedAt = Instant.parse(done.path("finishedAt").asString());
                JsonNode later = await(dir, () -> sampledAfter(guid, 1, clearedAt.plusSeconds(3)));
                JsonNode rates = later.path("rates");
                assertThat(rates.path("SymbolErrorCounter").asDouble(0)).as(later.toString()).isZero();
                assertThat(rates.path("PortRcvErrors").asDouble(0)).as(later.toString()).isZero();
                JsonNode alerts = JSON.readTree(read("/api/v1/alerts?node=" + guid).expectStatus().isOk()
                        .expectBody(String.class).returnResult().getResponseBody());
                assertThat(alerts.path("total").asInt()).as(alerts.toString()).isZero();

                // The agent without --allow-counter-clear refuses; the API says so and nothing was cleared.
                String otherGuid = refusingHost.path("nodeGuid").asString();
                JsonNode second = JSON.readTree(clear(otherGuid, 1, Map.of("reason", REASON))
                        .expectStatus().isAccepted().expectBody(String.class).returnResult().getResponseBody());
                JsonNode refused = awaitFinal(dir, otherGuid, 1, second.path("commands").get(0).path("id").asLong());
                assertThat(refused.path("state").asString()).isEqualTo("failed");
                assertThat(refused.path("answer").asString()).contains("refused by agent policy");
                assertThat(perfquery(fabric, refusingHost.path("lid").asInt())).containsEntry("SymbolErrorCounter", 5L);

                // Both ends of a cable in one action: a discover agent allowed to clear takes the two switch ports
                // (only it reads them, so once the server shows both sampled after its start, it reaches them).
                Instant discovering = Instant.now();
                agents.add(agent(fabric, dir, "node-3", "--role", "discover", "--discover-interval", "30s",
                        "--tables-interval", "0s", "--allow-counter-clear"));
                JsonNode leafA = await(dir, () -> portOf("leaf-a", 3, discovering));
                JsonNode leafB = await(dir, () -> portOf("leaf-b", 3, discovering));
                int leafALid = leafA.path("lid").asInt();
                int leafBLid = leafB.path("lid").asInt();
                assertThat(perfquery(fabric, leafALid, 3)).containsEntry("SymbolErrorCounter", 33L);
                assertThat(perfquery(fabric, leafBLid, 3)).containsEntry("SymbolErrorCounter", 44L);
                JsonNode bothEnds = JSON.readTree(clear(leafA.path("nodeGuid").asString(), 3,
                        Map.of("reason", REASON, "bothEnds", true)).expectStatus().isAccepted().expectBody(String.class)
                        .returnResult().getResponseBody()).path("commands");
                assertThat(bothEnds).hasSize(2);
                for (JsonNode end : bothEnds) {
                    JsonNode answered = awaitFinal(dir, end.path("nodeGuid").asString(), 3, end.path("id").asLong());
                    assertThat(answered.path("state").asString()).as(answered.toString()).isEqualTo("done");
                }
                assertThat(perfquery(fabric, leafALid, 3)).containsEntry("SymbolErrorCounter", 0L);
                assertThat(perfquery(fabric, leafBLid, 3)).containsEntry("SymbolErrorCounter", 0L);

                // Every action is in the audit log: the requests and the agents' answers.
                String audit = read("/api/v1/audit?limit=200").expectStatus().isOk().expectBody(String.class)
                        .returnResult().getResponseBody();
                assertThat(audit).contains("\"port.clear-counters\"").contains("\"port.clear-counters.done\"")
                        .contains("\"port.clear-counters.failed\"").contains(REASON);
            } finally {
                agents.forEach(Process::destroy);
            }
        }
    }

    private Process agent(IbsimFabric fabric, Path dir, String host, String... options) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", AgentProcess.JAR.toAbsolutePath().toString(), "run", "--server", "http://127.0.0.1:" + port,
                "--token", AGENT_TOKEN, "--interval", "1s", "--agent-id", host, "--no-spool"));
        command.addAll(List.of(options));
        return fabric.client(host, command, dir.resolve(host + ".log"));
    }

    private WebTestClient.ResponseSpec clear(String guid, int portNumber, Map<String, Object> body) {
        return clear(OPERATOR, OPERATOR_PASSWORD, guid, portNumber, body);
    }

    /** As a signed-in person's browser would: Basic here, with the CSRF cookie and header pair every write needs. */
    private WebTestClient.ResponseSpec clear(String user, String password, String guid, int portNumber,
                                             Map<String, Object> body) {
        String csrf = UUID.randomUUID().toString();
        return web.post().uri("/api/v1/ports/{g}/{p}/clear", guid, portNumber)
                .headers(h -> h.setBasicAuth(user, password))
                .header("Cookie", "XSRF-TOKEN=" + csrf).header("X-XSRF-TOKEN", csrf)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    private JsonNode commands(String guid, int portNumber) {
        return JSON.readTree(read("/api/v1/ports/" + guid + "/" + portNumber + "/commands").expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody());
    }

    private JsonNode awaitFinal(Path dir, String guid, int portNumber, long id) throws IOException {
        return await(dir, () -> {
            for (JsonNode command : commands(guid, portNumber)) {
                String state = command.path("state").asString();
                if (command.path("id").asLong() == id && !state.equals("queued") && !state.equals("sent")) {
                    return command;
                }
            }
            return null;
        });
    }

    /** perfquery's answer for port 1 of the node at {@code lid}, counter name to value. */
    private static Map<String, Long> perfquery(IbsimFabric fabric, int lid) {
        return perfquery(fabric, lid, 1);
    }

    private static Map<String, Long> perfquery(IbsimFabric fabric, int lid, int portNumber) {
        IbsimFabric.ToolResult result = fabric.tool("node-1", "perfquery", String.valueOf(lid),
                String.valueOf(portNumber));
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        Map<String, Long> counters = new java.util.HashMap<>();
        Matcher line = PERFQUERY_LINE.matcher(result.stdout());
        while (line.find()) {
            counters.put(line.group(1), Long.parseLong(line.group(2)));
        }
        return counters;
    }

    private JsonNode await(Path dir, Callable<JsonNode> value) throws IOException {
        try {
            return Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250))
                    .until(value, v -> v != null);
        } catch (ConditionTimeoutException e) {
            StringBuilder logs = new StringBuilder();
            try (var files = Files.list(dir)) {
                for (Path log : files.filter(p -> p.toString().endsWith(".log")).toList()) {
                    logs.append("\n--- ").append(log.getFileName()).append('\n').append(Files.readString(log));
                }
            }
            throw new AssertionError("timed out; agent logs:" + logs, e);
        }
    }

    private JsonNode portOf(String nodeName, int portNumber, Instant since) {
        return portWhere(p -> p.path("nodeName").asString().equals(nodeName), portNumber, since);
    }

    private JsonNode sampledAfter(String guid, int portNumber, Instant since) {
        return portWhere(p -> p.path("nodeGuid").asString().equals(guid), portNumber, since);
    }

    /** The port as the server shows it, once sampled after {@code since}; null before. */
    private JsonNode portWhere(java.util.function.Predicate<JsonNode> node, int portNumber, Instant since) {
        for (JsonNode p : JSON.readTree(portsSnapshot())) {
            if (node.test(p) && p.path("portNumber").asInt() == portNumber
                    && Instant.parse(p.path("sampledAt").asString()).isAfter(since)) {
                return p;
            }
        }
        return null;
    }
}
