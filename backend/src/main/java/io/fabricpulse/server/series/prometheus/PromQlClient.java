package io.fabricpulse.server.series.prometheus;

import io.fabricpulse.server.series.SeriesStoreException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The PromQL HTTP API ({@code /api/v1/query}, {@code /api/v1/query_range}) as every compatible engine
 * answers it: form-encoded POSTs, JSON back. An error answer, an answer that is not the API's JSON, or
 * one larger than the configured limit is a {@link SeriesStoreException} with what the engine said.
 */
final class PromQlClient {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PrometheusSeriesProperties properties;
    private final HttpClient http;
    private final String base;

    PromQlClient(PrometheusSeriesProperties properties, HttpClient http) {
        this.properties = properties;
        this.http = http;
        String url = properties.queryUrl().toString();
        this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** An instant query at {@code timeMillis}; the {@code data} object of the answer. */
    JsonNode query(String promQl, long timeMillis) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("query", promQl);
        form.put("time", seconds(timeMillis));
        return call("/api/v1/query", form);
    }

    /** A range query; {@code nocache=1} keeps VictoriaMetrics from moving start and end to its cache's grid. */
    JsonNode queryRange(String promQl, long startMillis, long endMillis, long stepMillis) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("query", promQl);
        form.put("start", seconds(startMillis));
        form.put("end", seconds(endMillis));
        form.put("step", seconds(stepMillis));
        form.put("nocache", "1");
        return call("/api/v1/query_range", form);
    }

    private JsonNode call(String path, Map<String, String> form) {
        String body = form.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(properties.timeout())
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        String authorization = properties.authorization();
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        properties.headers().forEach(request::header);
        HttpResponse<InputStream> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw new SeriesStoreException("PromQL query to " + base + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SeriesStoreException("PromQL query to " + base + path + " interrupted", e);
        }
        JsonNode answer;
        try (InputStream in = new Limited(response.body(), properties.maxResponseSize())) {
            answer = JSON.readTree(in);
        } catch (IOException | JacksonException e) {
            throw new SeriesStoreException("PromQL query to " + base + path + " answered HTTP " + response.statusCode()
                    + " with a body that is not the API's JSON: " + e.getMessage(), e);
        }
        if (answer == null || !"success".equals(answer.path("status").asString(""))) {
            throw new SeriesStoreException("PromQL query to " + base + path + " answered HTTP " + response.statusCode()
                    + ": " + (answer == null ? "nothing" : answer.path("errorType").asString("") + " "
                    + answer.path("error").asString(answer.toString())) + " (query: " + form.get("query") + ")");
        }
        return answer.path("data");
    }

    static String seconds(long millis) {
        return BigDecimal.valueOf(millis, 3).toPlainString();
    }

    /** The millisecond timestamp of a PromQL answer's seconds (a JSON number with up to 3 decimals). */
    static long millis(JsonNode seconds) {
        return BigDecimal.valueOf(seconds.asDouble()).movePointRight(3).setScale(0, java.math.RoundingMode.HALF_UP)
                .longValueExact();
    }

    /** A value of a PromQL answer (a string: numbers, "NaN", "+Inf"); NaN when it is none of them. */
    static double value(JsonNode text) {
        String value = text.asString("");
        switch (value) {
            case "+Inf" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-Inf" -> {
                return Double.NEGATIVE_INFINITY;
            }
            default -> {
            }
        }
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Stops reading past the limit: a huge answer is an error, not an out-of-memory. */
    private static final class Limited extends FilterInputStream {

        private final long limit;
        private long read;

        Limited(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws IOException {
            read += n;
            if (read > limit) {
                throw new IOException("answer larger than fabricpulse.series.prometheus.max-response-size (" + limit
                        + " bytes)");
            }
        }
    }
}
