package io.fabricpulse.server.e2e;

import io.fabricpulse.server.testing.PrometheusServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Instant PromQL queries against a test's Prometheus, as a dashboard or a rule would run them. */
final class PromQlCalls {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PrometheusServer prometheus;
    private final HttpClient http = HttpClient.newHttpClient();

    PromQlCalls(PrometheusServer prometheus) {
        this.prometheus = prometheus;
    }

    /** The {@code data} of an instant query; a refused expression fails the test with Prometheus' words. */
    JsonNode query(String promQl) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(prometheus.url().resolve(URI.create(
                "api/v1/query?query=" + URLEncoder.encode(promQl, StandardCharsets.UTF_8)))).build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode answer = JSON.readTree(response.body());
        if (!"success".equals(answer.path("status").asString())) {
            throw new AssertionError("Prometheus refused " + promQl + ": " + response.body());
        }
        return answer.path("data");
    }

    /** How many series (or 1 for a scalar) the expression returns now. */
    int series(String promQl) {
        try {
            JsonNode data = query(promQl);
            return "scalar".equals(data.path("resultType").asString()) ? 1 : data.path("result").size();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Grafana's {@code label_values(selector, label)}: the label's values over the selector's series. */
    List<String> labelValues(String selector, String label) throws IOException, InterruptedException {
        List<String> values = new ArrayList<>();
        for (JsonNode series : query(selector).path("result")) {
            values.add(series.path("metric").path(label).asString(""));
        }
        return values;
    }
}
