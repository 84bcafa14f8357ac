package io.fabricpulse.server.ingest;

import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Acceptance 2: hostile ingest traffic over real HTTP (the JDK client against the running server, so
 * nothing is smoothed over by a test client) gets a 4xx with a problem body, never a 5xx, and the
 * server stays healthy and keeps taking valid batches afterwards. Body limits here are the test
 * server's (64 KB as sent, 1 MB inflated).
 */
class HostileIngestTest extends ServerTest {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    @LocalServerPort
    int port;

    private String valid(String agent) {
        return TestBatches.json(TestBatches.oneHostPort(agent, 1, Instant.now().minusSeconds(30),
                TestBatches.randomGuid(), Map.of("SymbolErrorCounter", 3L, "PortXmitData", 1_000L)));
    }

    /** Every hostile body by name; each is sent as application/json with the right token. */
    private Map<String, byte[]> hostileBodies() throws IOException {
        String valid = valid(TestBatches.randomAgentId());
        Map<String, byte[]> bodies = new LinkedHashMap<>();
        bodies.put("nesting 100,000 deep", utf8("{\"nodes\":" + "[".repeat(100_000)));
        bodies.put("nesting 2,000 deep in an unknown field", utf8("{\"x\":" + "[".repeat(2_000) + "]".repeat(2_000) + "}"));
        bodies.put("objects nested 5,000 deep", utf8("{\"a\":".repeat(5_000) + "1" + "}".repeat(5_000)));
        bodies.put("a 60 KB agent id", utf8(valid.replaceFirst("\"agentId\":\"[^\"]*\"",
                "\"agentId\":\"" + "a".repeat(60_000) + "\"")));
        bodies.put("a 60 KB node description", utf8(valid.replaceFirst("\"description\":\"[^\"]*\"",
                "\"description\":\"" + "d".repeat(60_000) + "\"")));
        bodies.put("a 60 KB number", utf8(valid.replace("\"SymbolErrorCounter\":3",
                "\"SymbolErrorCounter\":" + "9".repeat(60_000))));
        bodies.put("a 60 KB field name", utf8(valid.replace("\"SymbolErrorCounter\":3",
                "\"" + "S".repeat(60_000) + "\":3")));
        for (String number : new String[] {"NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1.5", "-1", "-0.0",
                "1e3", "18446744073709551616"}) {
            bodies.put("counter " + number, utf8(valid.replace("\"SymbolErrorCounter\":3", "\"SymbolErrorCounter\":" + number)));
        }
        for (String field : new String[] {"sequence", "portNumber", "lid"}) {
            bodies.put("negative " + field, utf8(valid.replaceFirst("\"" + field + "\":\\d+", "\"" + field + "\":-1")));
            bodies.put("NaN " + field, utf8(valid.replaceFirst("\"" + field + "\":\\d+", "\"" + field + "\":NaN")));
        }
        bodies.put("a collection time in year 1e9", utf8(valid.replaceFirst("\"collectedAt\":\"[^\"]*\"",
                "\"collectedAt\":\"+1000000000-01-01T00:00:00Z\"")));
        bodies.put("nodes null", utf8(valid.replaceFirst("\"nodes\":\\[.*]}$", "\"nodes\":null}")));
        bodies.put("no nodes", utf8(valid.replaceFirst(",\"nodes\":\\[.*]}$", "}")));
        bodies.put("a null node", utf8(valid.replaceFirst("\"nodes\":\\[", "\"nodes\":[null,")));
        bodies.put("a null port", utf8(valid.replaceFirst("\"ports\":\\[", "\"ports\":[null,")));
        bodies.put("truncated JSON", utf8(valid.substring(0, valid.length() / 2)));
        bodies.put("invalid UTF-8", new byte[] {'{', '"', (byte) 0xC3, (byte) 0x28, '"', ':', '1', '}'});
        bodies.put("binary garbage", new byte[] {0, 1, 2, 3, (byte) 0xFF, (byte) 0xFE, 0x1F, (byte) 0x8B});
        bodies.put("empty body", new byte[0]);
        bodies.put("a JSON string", utf8("\"" + "s".repeat(1000) + "\""));
        bodies.put("a JSON array of 10,000 numbers", utf8("[" + "1,".repeat(9_999) + "1]"));
        bodies.put("duplicate keys", utf8(valid.replaceFirst("\\{", "{\"sequence\":1,")));
        bodies.put("a body over the 64 KB limit", utf8(valid + " ".repeat(70_000)));
        return bodies;
    }

    @Test
    void hostileBodiesGetA4xxProblemAndTheServerStaysHealthy() throws Exception {
        for (Map.Entry<String, byte[]> hostile : hostileBodies().entrySet()) {
            HttpResponse<String> response = send(ingest("application/json", AGENT_TOKEN, hostile.getValue(), null));
            assertRefused(hostile.getKey(), response);
        }
        assertStillServing();
    }

    @Test
    void hostileRequestsAroundTheBodyGetA4xxProblem() throws Exception {
        byte[] valid = utf8(valid(TestBatches.randomAgentId()));
        assertRefused("no token", send(ingest("application/json", null, valid, null)));
        assertRefused("a wrong token", send(ingest("application/json", "x".repeat(4_000), valid, null)));
        // Beyond the HTTP codec's header limit (8 KB) Netty answers 431 itself, before any handler
        // runs: no problem body there, but a 4xx and nothing reaches ingest.
        HttpResponse<String> hugeHeader = send(ingest("application/json", "x".repeat(20_000), valid, null));
        assertThat(hugeHeader.statusCode()).as("a 20 KB token").isBetween(400, 499);
        assertRefused("a gzip bomb", send(ingest("application/json", AGENT_TOKEN, gzip(new byte[50_000_000]), "gzip")));
        assertRefused("gzip that is not gzip", send(ingest("application/json", AGENT_TOKEN, valid, "gzip")));
        assertRefused("gzip of binary garbage", send(ingest("application/json", AGENT_TOKEN,
                gzip(new byte[] {(byte) 0xFF, 0, (byte) 0xFE}), "gzip")));
        assertRefused("a wrong content type", send(ingest("text/plain", AGENT_TOKEN, valid, null)));
        assertRefused("a hostile content type", send(ingest("application/json; charset=" + "x".repeat(2_000),
                AGENT_TOKEN, valid, null)));
        assertStillServing();
    }

    private void assertRefused(String what, HttpResponse<String> response) {
        assertThat(response.statusCode()).as(what + ": " + response.body()).isBetween(400, 499);
        assertThat(response.headers().firstValue("Content-Type")).as(what).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(response.body()).as(what).contains("\"status\":" + response.statusCode()).contains("\"title\":");
    }

    private void assertStillServing() throws Exception {
        HttpResponse<String> health = send(HttpRequest.newBuilder(uri("/actuator/health")).GET().build());
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).contains("\"status\":\"UP\"");
        HttpResponse<String> accepted = send(ingest("application/json", AGENT_TOKEN,
                utf8(valid(TestBatches.randomAgentId())), null));
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
    }

    private HttpRequest ingest(String contentType, String token, byte[] body, String encoding) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/api/v1/ingest"))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (encoding != null) {
            request.header("Content-Encoding", encoding);
        }
        return request.build();
    }

    private HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        }
        return out.toByteArray();
    }
}
