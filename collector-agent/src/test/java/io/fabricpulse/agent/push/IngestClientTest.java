package io.fabricpulse.agent.push;

import io.fabricpulse.agent.testing.RecordingIngestServer.Request;
import io.fabricpulse.agent.testing.RecordingIngestServer.Response;
import io.fabricpulse.agent.testing.RecordingIngestServer;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One push attempt against a real HTTP server on loopback. */
class IngestClientTest {

    static final Instant COLLECTED = Instant.parse("2025-06-01T12:00:02.500Z");
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-06-01T12:00:03Z"), ZoneOffset.UTC);

    private final RecordingIngestServer server = new RecordingIngestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    static IngestBatch batch(long sequence) {
        PortReport port = new PortReport(1, 42, 1, PortState.ACTIVE, PhysicalState.LINK_UP, LinkWidth.X4,
                LinkSpeed.HDR, Set.of(), Set.of(), "InfiniBand", true,
                Map.of("SymbolErrorCounter", 3L, "PortXmitData", 98127364012873L), null);
        return new IngestBatch(IngestBatch.SCHEMA_VERSION, "gpu-node-017", sequence, COLLECTED, "sysfs",
                List.of(new NodeReport("0x0c42a10300a1b2c0", "0x0c42a10300a1b2c0", NodeType.CA, "gpu-node-017 mlx5_0",
                        "MT4123", "20.39.1002", "MT_0000000223", List.of(port))));
    }

    private PushResult send(URI server, IngestBatch batch) throws InterruptedException {
        try (IngestClient client = new IngestClient(new IngestEndpoint(server, "s3cret-token"), CLOCK)) {
            return client.send(new BatchEncoder().encode(batch));
        }
    }

    @Test
    void aServerThatRefusesSmileWith415GetsTheSameBatchAsJsonAndJsonFromThenOn() throws Exception {
        server.thenAnswer(Response.problem(415, "Content-Type application/x-jackson-smile is not supported"));
        try (IngestClient client = new IngestClient(new IngestEndpoint(server.baseUri(), "s3cret-token"), CLOCK)) {
            assertThat(client.send(new BatchEncoder().encode(batch(1)))).isEqualTo(new PushResult.Delivered(202));
            assertThat(client.send(new BatchEncoder().encode(batch(2)))).isEqualTo(new PushResult.Delivered(202));
        }

        Request refused = server.takeRequest();
        assertThat(refused.header("Content-Type")).isEqualTo("application/x-jackson-smile");
        assertThat(refused.status()).isEqualTo(415);
        Request resent = server.takeRequest();
        assertThat(resent.header("Content-Type")).isEqualTo("application/json");
        assertThat(resent.json()).startsWith("{").contains("\"sequence\":1");
        assertThat(resent.batch()).isEqualTo(batch(1));
        Request next = server.takeRequest();
        assertThat(next.header("Content-Type")).as("no Smile tried again").isEqualTo("application/json");
        assertThat(next.batch()).isEqualTo(batch(2));
    }

    @Test
    void postsGzipSmileWithTheBearerToken() throws Exception {
        IngestBatch batch = batch(7);
        assertThat(send(server.baseUri(), batch)).isEqualTo(new PushResult.Delivered(202));

        Request request = server.takeRequest();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/api/v1/ingest");
        assertThat(request.header("Content-Type")).isEqualTo("application/x-jackson-smile");
        assertThat(request.header("Content-Encoding")).isEqualTo("gzip");
        assertThat(request.header("Authorization")).isEqualTo("Bearer s3cret-token");
        assertThat(request.header("User-Agent")).startsWith("fabricpulse-agent/");
        assertThat(request.batch()).isEqualTo(batch);
        assertThat(request.json()).contains("\"collectedAt\":\"2025-06-01T12:00:02.500Z\"", "\"sequence\":7",
                "\"schemaVersion\":1", "\"PortXmitData\":98127364012873", "\"linkWidthActive\":\"X4\"");
    }

    @Test
    void keepsAPathPrefixOfTheServerUrl() throws Exception {
        send(URI.create(server.baseUri() + "/fabricpulse/"), batch(1));
        assertThat(server.takeRequest().path()).isEqualTo("/fabricpulse/api/v1/ingest");
    }

    @Test
    void badRequestIsPermanentWithTheProblemDetail() throws Exception {
        server.thenAnswer(Response.problem(400, "nodes[0].ports[0].counters.SymbolErrorCounter: 70000 exceeds 16 bits"));
        assertThat(send(server.baseUri(), batch(1))).isEqualTo(new PushResult.Rejected(400,
                "HTTP 400: nodes[0].ports[0].counters.SymbolErrorCounter: 70000 exceeds 16 bits"));
    }

    @Test
    void unauthorizedKeepsTheBatchAndSaysWhatToCheck() throws Exception {
        server.thenAnswer(Response.problem(401, "invalid bearer token"));
        assertThat(send(server.baseUri(), batch(1))).isEqualTo(new PushResult.Retryable(401,
                "HTTP 401: invalid bearer token — check the agent's token (--token or FABRICPULSE_AGENT_TOKEN)", null));
    }

    @Test
    void unavailableIsRetryableWithRetryAfter() throws Exception {
        server.thenAnswer(new Response(503, Map.of("Retry-After", "7", "Content-Type", "text/plain"), "ingest queue full"));
        assertThat(send(server.baseUri(), batch(1)))
                .isEqualTo(new PushResult.Retryable(503, "HTTP 503: ingest queue full", Duration.ofSeconds(7)));
    }

    @Test
    void tooManyRequestsWithAnHttpDate() throws Exception {
        server.thenAnswer(new Response(429, Map.of("Retry-After", "Sun, 01 Jun 2025 12:01:03 GMT"), ""));
        assertThat(send(server.baseUri(), batch(1))).isEqualTo(new PushResult.Retryable(429, "HTTP 429", Duration.ofMinutes(1)));
    }

    @Test
    void redirectKeepsTheBatchAndSaysWhere() throws Exception {
        server.thenAnswer(new Response(302, Map.of("Location", "https://login.example.com/"), ""));
        assertThat(send(server.baseUri(), batch(1))).isEqualTo(new PushResult.Retryable(302,
                "HTTP 302 redirect to https://login.example.com/: --server must name the FabricPulse server itself",
                null));
    }

    @Test
    void whatAHostileServerSaysIsOneBoundedLine() throws Exception {
        server.thenAnswer(new Response(500, Map.of("Content-Type", "application/json"),
                "{\"detail\":\"line one\\nFAKE LOG LINE\\u001b[31m " + "z".repeat(1000) + "\"}"));
        PushResult result = send(server.baseUri(), batch(1));
        assertThat(result).isInstanceOfSatisfying(PushResult.Retryable.class, r -> {
            assertThat(r.reason()).startsWith("HTTP 500: line one FAKE LOG LINE [31m zzz").doesNotContain("\n", "\u001b");
            assertThat(r.reason()).hasSizeLessThan(320);
        });
    }

    @Test
    void jsonThatIsNotJsonFallsBackToText() throws Exception {
        server.thenAnswer(new Response(400, Map.of("Content-Type", "application/json"), "{oops"));
        assertThat(send(server.baseUri(), batch(1))).isEqualTo(new PushResult.Rejected(400, "HTTP 400: {oops"));
    }

    @Test
    void refusedConnectionIsRetryable() throws Exception {
        URI closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = URI.create("http://127.0.0.1:" + socket.getLocalPort());
        }
        assertThat(send(closed, batch(1))).isInstanceOfSatisfying(PushResult.Retryable.class,
                r -> assertThat(r.reason()).isEqualTo("cannot connect to " + closed + "/api/v1/ingest: Connection refused"));
    }

    @Test
    void serverThatNeverAnswersTimesOut() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread acceptor = Thread.ofVirtual().start(() -> {
                try (Socket ignored = silent.accept()) {
                    ignored.getInputStream().readAllBytes();
                } catch (IOException e) {
                    // closed by the test
                }
            });
            URI uri = URI.create("http://127.0.0.1:" + silent.getLocalPort());
            IngestEndpoint endpoint = new IngestEndpoint(uri, "t", Duration.ofSeconds(1), Duration.ofMillis(300));
            try (IngestClient client = new IngestClient(endpoint, CLOCK)) {
                assertThat(client.send(new BatchEncoder().encode(batch(1)))).isEqualTo(new PushResult.Retryable(0,
                        "no answer from " + uri + "/api/v1/ingest within 300 ms", null));
            }
            silent.close();
            acceptor.join();
        }
    }

    @Test
    void endpointRefusesUnusableSettingsAndNeverPrintsTheToken() {
        assertThatThrownBy(() -> new IngestEndpoint(URI.create("ftp://x"), "t")).hasMessageContaining("http:// or https://");
        assertThatThrownBy(() -> new IngestEndpoint(URI.create("http:///nohost"), "t")).hasMessageContaining("with a host");
        assertThatThrownBy(() -> new IngestEndpoint(URI.create("http://x"), "two words")).hasMessageContaining("token");
        assertThatThrownBy(() -> new IngestEndpoint(URI.create("http://x"), "line\nbreak")).hasMessageContaining("token");
        assertThat(new IngestEndpoint(URI.create("http://x:8080"), "s3cret").toString())
                .isEqualTo("IngestEndpoint[http://x:8080/api/v1/ingest]");
    }
}
