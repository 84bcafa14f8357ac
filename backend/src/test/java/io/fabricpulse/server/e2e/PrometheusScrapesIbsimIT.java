package io.fabricpulse.server.e2e;

import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.server.testing.PrometheusServer;
import io.fabricpulse.server.testing.ServerTest;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * Acceptance 1 of the Prometheus issue, all real: ibsim's fabric, the agent jar on it (umad through
 * umad2sim) pushing to the server, and Prometheus scraping {@code /metrics/fabric} as a viewer. A
 * switch port's SymbolErrorCounter is raised in ibsim; Prometheus must hold the exported counter as
 * ibsim has it, compute {@code rate()} from two scrapes, and see no counter reset when the counter is
 * cleared in ibsim (the export follows the rate engine, not the raw counter).
 */
class PrometheusScrapesIbsimIT extends ServerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String SERIES = "fabricpulse_port_symbol_errors_total{node_name=\"leaf-b\",port=\"1\"}";
    private static final Duration PATIENCE = Duration.ofSeconds(90);

    @LocalServerPort
    int port;

    @Test
    void prometheusScrapesTheCounterAnIbsimPortRaisedAndComputesItsRate(@TempDir Path dir) throws Exception {
        Path topology = dir.resolve("four-hca.net");
        try (InputStream in = IbsimFabric.class.getResourceAsStream("/topologies/four-hca.net")) {
            Files.copy(in, topology);
        }
        try (IbsimFabric fabric = IbsimFabric.start(topology, "node-1")) {
            fabric.console("PerformanceSet \"leaf-b\"[1] PortCounters.SymbolErrorCounter=1234");
            Path agentLog = dir.resolve("agent.log");
            Process agent = fabric.client("node-2", List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                    AgentProcess.JAR.toAbsolutePath().toString(), "run", "--server", "http://127.0.0.1:" + port,
                    "--token", AGENT_TOKEN, "--interval", "1s", "--agent-id", "node-2", "--no-spool"),
                    agentLog);
            try (PrometheusServer prometheus = PrometheusServer.start("""
                    global:
                      scrape_interval: 1s
                      scrape_timeout: 1s
                    scrape_configs:
                      - job_name: fabricpulse
                        metrics_path: /metrics/fabric
                        basic_auth:
                          username: %s
                          password: %s
                        static_configs:
                          - targets: ['127.0.0.1:%d']
                    """.formatted(VIEWER, VIEWER_PASSWORD, port))) {
                Explain why = () -> "agent log:\n" + Files.readString(agentLog) + "\nprometheus log:\n"
                        + prometheus.log();

                // The first scrapes: the counter as ibsim has it.
                awaitValue(prometheus, SERIES, 1234, why);
                assertThat(instant(prometheus, "up{job=\"fabricpulse\"}")).isEqualTo(1.0);

                fabric.console("PerformanceSet \"leaf-b\"[1] PortCounters.SymbolErrorCounter=1300");
                awaitValue(prometheus, SERIES, 1300, why);

                // rate() over the two scrapes around the raise: exactly the 66 errors over their time apart.
                JsonNode raw = query(prometheus, SERIES + "[5m]").path("result").get(0).path("values");
                int raised = firstIndexOf(raw, 1300);
                double before = raw.get(raised - 1).get(0).asDouble();
                double after = raw.get(raised).get(0).asDouble();
                assertThat(raw.get(raised - 1).get(1).asString()).isEqualTo("1234");
                double span = after - before;
                double rate = instantAt(prometheus, "rate(" + SERIES + "[" + Math.round(span * 1000 + 1) + "ms])",
                        after);
                // Prometheus extrapolates the 1 ms between the window's start and the first point.
                assertThat(rate).isCloseTo(66 / span, within(66 / span * 0.01));

                // A clear in ibsim (with 10 errors since): the interval of the clear adds nothing, the next 15
                // errors count on from 1300, and Prometheus never sees the counter go back.
                fabric.console("PerformanceSet \"leaf-b\"[1] PortCounters.SymbolErrorCounter=10");
                await().atMost(PATIENCE).pollInterval(Duration.ofMillis(250))
                        .until(() -> rawCounter("leaf-b", 1), value -> value == 10);
                fabric.console("PerformanceSet \"leaf-b\"[1] PortCounters.SymbolErrorCounter=25");
                awaitValue(prometheus, SERIES, 1315, why);
                assertThat(instant(prometheus, "resets(" + SERIES + "[5m])")).isZero();
            } finally {
                agent.destroy();
            }
        }
    }

    /** The raw counter the server holds for a port, as the read API shows it; -1 before it is known. */
    private long rawCounter(String nodeName, int portNumber) {
        JsonNode ports = JSON.readTree(read("/api/v1/ports").expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody());
        for (JsonNode p : ports) {
            if (p.path("nodeName").asString().equals(nodeName) && p.path("portNumber").asInt() == portNumber) {
                return p.path("counters").path("SymbolErrorCounter").asLong(-1);
            }
        }
        return -1;
    }

    @FunctionalInterface
    private interface Explain {
        String text() throws IOException;
    }

    private static void awaitValue(PrometheusServer prometheus, String series, double expected, Explain why)
            throws IOException {
        try {
            await().atMost(PATIENCE).pollInterval(Duration.ofMillis(500))
                    .until(tryQuery(() -> instant(prometheus, series)), value -> value == expected);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("Prometheus never had " + series + " = " + expected + "; " + why.text(), e);
        }
    }

    private static Callable<Double> tryQuery(Callable<Double> query) {
        return () -> {
            try {
                return query.call();
            } catch (IllegalStateException notYet) {
                return Double.NaN;
            }
        };
    }

    private static int firstIndexOf(JsonNode values, double value) {
        for (int i = 0; i < values.size(); i++) {
            if (Double.parseDouble(values.get(i).get(1).asString()) == value) {
                return i;
            }
        }
        throw new AssertionError("no point of " + value + " in " + values);
    }

    private static double instant(PrometheusServer prometheus, String promQl) throws IOException, InterruptedException {
        return value(query(prometheus, promQl));
    }

    private static double instantAt(PrometheusServer prometheus, String promQl, double time)
            throws IOException, InterruptedException {
        return value(query(prometheus, promQl + "&time=" + time));
    }

    private static double value(JsonNode data) {
        JsonNode result = data.path("result");
        if (result.isEmpty()) {
            throw new IllegalStateException("no series");
        }
        return Double.parseDouble(result.get(0).path("value").get(1).asString());
    }

    /** GET /api/v1/query; {@code promQl} may carry {@code &time=...} after the expression. */
    static JsonNode query(PrometheusServer prometheus, String promQl) throws IOException, InterruptedException {
        String[] parts = promQl.split("&time=");
        String uri = "api/v1/query?query=" + URLEncoder.encode(parts[0], StandardCharsets.UTF_8)
                + (parts.length > 1 ? "&time=" + parts[1] : "");
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                prometheus.url().resolve(URI.create(uri))).build(), HttpResponse.BodyHandlers.ofString());
        JsonNode answer = JSON.readTree(response.body());
        if (!"success".equals(answer.path("status").asString())) {
            throw new AssertionError("Prometheus refused " + promQl + ": " + response.body());
        }
        return answer.path("data");
    }
}
