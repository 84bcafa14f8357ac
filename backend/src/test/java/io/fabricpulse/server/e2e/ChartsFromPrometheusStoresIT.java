package io.fabricpulse.server.e2e;

import io.fabricpulse.server.testing.LoopbackEngine;
import io.fabricpulse.server.testing.PrometheusServer;
import io.fabricpulse.server.testing.TestBatches;
import io.fabricpulse.server.testing.VictoriaMetricsServer;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Acceptance 2: the same batches pushed to a server on the embedded store and to servers on the
 * prometheus store (VictoriaMetrics, Prometheus) give the same charts through the API. (Stored worst
 * ports over 7 d and more come from the embedded store's coarse archives once their buckets are whole; the
 * contract compares the stores' worst() directly.)
 */
class ChartsFromPrometheusStoresIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String TOKEN = "charts-it-agent-token";
    private static final Duration START = Duration.ofMinutes(2);

    @Test
    void theChartsApiAnswersTheSameFromEveryStore(@TempDir Path dir) throws Exception {
        String guid = TestBatches.randomGuid();
        Instant t0 = Instant.ofEpochSecond(Instant.now().minusSeconds(600).getEpochSecond() / 60 * 60);
        long[] symbolErrors = {0, 5, 5, 17, 40, 41, 41, 90, 3, 10, 30, 31, 60};
        List<String> batches = new ArrayList<>();
        for (int i = 0; i < symbolErrors.length; i++) {
            // 10 s apart on the step grid, as agents polling at the default interval stamp them; a clear at
            // i = 8. The first sample (no rate) is 10 s before the charts' range: the embedded store counts a
            // port's first rate in the bucket of that sample too (rrd4j spreads a value over the interval
            // since the port's slot began), which the other stores do not.
            batches.add(TestBatches.json(TestBatches.oneHostPort("charts-it", i + 1, t0.plusSeconds(10L * i - 10),
                    guid, Map.of("SymbolErrorCounter", symbolErrors[i], "PortXmitData",
                    1_000_000L * i * i))));
        }
        String from = t0.toString();
        String to = t0.plusSeconds(180).toString();
        List<String> questions = List.of(
                "/api/v1/ports/" + guid + "/1/rates?counter=SymbolErrorCounter&from=" + from + "&to=" + to + "&step=10s",
                "/api/v1/ports/" + guid + "/1/rates?counter=SymbolErrorCounter&from=" + from + "&to=" + to
                        + "&step=60s&consolidation=MAX",
                "/api/v1/ports/" + guid + "/1/rates?counter=XmitBytesPerSecond&from=" + from + "&to=" + to + "&step=30s");

        try (VictoriaMetricsServer vm = VictoriaMetricsServer.start();
             PrometheusServer prometheus = PrometheusServer.start(PrometheusServer.RECEIVER_ONLY);
             ServerProcess embedded = start(dir.resolve("embedded"), List.of());
             ServerProcess onVm = start(dir.resolve("vm"), remote(vm, vm.writeUrl().toString()));
             ServerProcess onPrometheus = start(dir.resolve("prometheus"), remote(prometheus,
                     prometheus.writeUrl().toString()))) {
            for (ServerProcess server : List.of(embedded, onVm, onPrometheus)) {
                for (String batch : batches) {
                    server.post("/api/v1/ingest", TOKEN, batch, 202);
                }
            }
            for (String question : questions) {
                JsonNode expected = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                        .until(() -> points(embedded.get(question)), p -> p.size() > 0 && hasValues(p));
                assertThat(hasValues(expected)).isTrue();
                for (ServerProcess remote : List.of(onVm, onPrometheus)) {
                    try {
                        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                                .until(() -> points(remote.get(question)), p -> sameFigures(expected, p));
                    } catch (ConditionTimeoutException e) {
                        throw new AssertionError(question + ": expected " + expected + " but got "
                                + points(remote.get(question)) + "; server log:\n" + remote.log(), e);
                    }
                }
            }
        }
    }

    private static List<String> remote(LoopbackEngine engine, String writeUrl) {
        return List.of("fabricpulse.series.type=prometheus", "fabricpulse.series.prometheus.write-url=" + writeUrl,
                "fabricpulse.series.prometheus.query-url=" + engine.url());
    }

    private static ServerProcess start(Path data, List<String> properties) throws Exception {
        List<String> all = new ArrayList<>(properties);
        all.add("fabricpulse.ingest.agent-token=" + TOKEN);
        return ServerProcess.start(data, ServerProcess.freePort(), data.getFileName() + ".log", all).awaitReady(START);
    }

    private static JsonNode points(String chart) {
        return JSON.readTree(chart).path("points");
    }

    /** Same buckets, same gaps, same values up to rrd4j's last binary digits (value x seconds / seconds). */
    private static boolean sameFigures(JsonNode expected, JsonNode actual) {
        if (expected.size() != actual.size()) {
            return false;
        }
        for (int i = 0; i < expected.size(); i++) {
            JsonNode e = expected.get(i);
            JsonNode a = actual.get(i);
            if (!e.path("at").equals(a.path("at")) || e.path("value").isNull() != a.path("value").isNull()) {
                return false;
            }
            if (!e.path("value").isNull()) {
                double x = e.path("value").asDouble();
                double y = a.path("value").asDouble();
                if (Math.abs(x - y) > 1e-9 * Math.max(1, Math.abs(x))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean hasValues(JsonNode points) {
        for (JsonNode point : points) {
            if (!point.path("value").isNull() && !point.path("value").isMissingNode()) {
                return true;
            }
        }
        return false;
    }
}
