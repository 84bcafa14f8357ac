package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Flux;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.GZIPOutputStream;

import static io.fabricpulse.server.testing.TestBatches.activePort;
import static io.fabricpulse.server.testing.TestBatches.batch;
import static io.fabricpulse.server.testing.TestBatches.hca;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.startsWith;

/** POST /api/v1/ingest over real HTTP: hostile requests are refused precisely and change nothing. */
class IngestEndpointTest extends ServerTest {

    private static final String PROBLEMS = "https://fabricpulse.io/problems/";

    private final String guid = TestBatches.randomGuid();
    private final String agent = TestBatches.randomAgentId();

    private String validJson() {
        return TestBatches.json(TestBatches.oneHostPort(agent, 1, Instant.now().minusSeconds(30), guid,
                Map.of("SymbolErrorCounter", 3L, "PortXmitDiscards", 1L)));
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        }
        return out.toByteArray();
    }

    /** Runs a hostile request and checks: the status, a problem body with the detail, nothing changed. */
    private void refused(WebTestClient.RequestHeadersSpec<?> request, HttpStatus status, String type,
                         Consumer<WebTestClient.BodyContentSpec> problem) {
        String before = portsSnapshot();

        WebTestClient.BodyContentSpec body = request.exchange()
                .expectStatus().isEqualTo(status)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.type").isEqualTo(PROBLEMS + type)
                .jsonPath("$.status").isEqualTo(status.value())
                .jsonPath("$.title").isNotEmpty();
        problem.accept(body);

        assertThat(portsSnapshot()).isEqualTo(before);
    }

    private WebTestClient.RequestHeadersSpec<?> post(String contentType, byte[] body) {
        return web.post().uri("/api/v1/ingest")
                .headers(h -> h.setBearerAuth(AGENT_TOKEN))
                .header("Content-Type", contentType)
                .bodyValue(body);
    }

    private WebTestClient.RequestHeadersSpec<?> postJson(String json) {
        return post("application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void twoBatchesGiveRatesInThePortsApi() {
        Instant first = Instant.now().minusSeconds(30);
        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 1, first, guid,
                Map.of("SymbolErrorCounter", 100L, "PortXmitDiscards", 10L, "PortXmitData", 1_000L))))
                .expectStatus().isAccepted()
                .expectBody().jsonPath("$.status").isEqualTo("accepted").jsonPath("$.ports").isEqualTo(1);
        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 2, first.plusSeconds(10), guid,
                Map.of("SymbolErrorCounter", 150L, "PortXmitDiscards", 30L, "PortXmitData", 6_000L))))
                .expectStatus().isAccepted();

        read("/api/v1/ports?nodeGuid=" + guid).expectStatus().isOk().expectBody()
                .jsonPath("$.length()").isEqualTo(1)
                .jsonPath("$[0].nodeGuid").isEqualTo(guid)
                .jsonPath("$[0].nodeName").isEqualTo(agent + " HCA-1")
                .jsonPath("$[0].portNumber").isEqualTo(1)
                .jsonPath("$[0].state").isEqualTo("ACTIVE")
                .jsonPath("$[0].physicalState").isEqualTo("LINK_UP")
                .jsonPath("$[0].counters.SymbolErrorCounter").isEqualTo(150)
                .jsonPath("$[0].rates.SymbolErrorCounter").isEqualTo(5.0)
                .jsonPath("$[0].rates.PortXmitDiscards").isEqualTo(2.0)
                .jsonPath("$[0].rates.PortXmitData").isEqualTo(500.0)
                .jsonPath("$[0].xmitBytesPerSecond").isEqualTo(2000.0);
        read("/api/v1/nodes").expectStatus().isOk().expectBody()
                .jsonPath("$[?(@.guid == '" + guid + "')].type").isEqualTo("CA");
    }

    @Test
    void aReplayedBatchIsAcknowledgedAsDuplicate() {
        String json = validJson();
        ingest(json).expectStatus().isAccepted();

        ingest(json).expectStatus().isOk().expectBody()
                .jsonPath("$.status").isEqualTo("duplicate")
                .jsonPath("$.agentId").isEqualTo(agent)
                .jsonPath("$.sequence").isEqualTo(1);
    }

    @Test
    void aGzipBodyIsAccepted() throws IOException {
        web.post().uri("/api/v1/ingest")
                .headers(h -> h.setBearerAuth(AGENT_TOKEN))
                .contentType(MediaType.APPLICATION_JSON)
                .header("Content-Encoding", "gzip")
                .bodyValue(gzip(validJson().getBytes(StandardCharsets.UTF_8)))
                .exchange()
                .expectStatus().isAccepted();

        read("/api/v1/ports?nodeGuid=" + guid).expectBody().jsonPath("$[0].counters.SymbolErrorCounter").isEqualTo(3);
    }

    @Test
    void aGzipBodyOfTwoMembersIsReadWhole() throws IOException {
        // The trailer of the last member states only that member's size: the reader must not stop there.
        byte[] json = validJson().getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream members = new ByteArrayOutputStream();
        members.write(gzip(Arrays.copyOfRange(json, 0, json.length / 2)));
        members.write(gzip(Arrays.copyOfRange(json, json.length / 2, json.length)));

        web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(AGENT_TOKEN))
                .contentType(MediaType.APPLICATION_JSON).header("Content-Encoding", "gzip")
                .bodyValue(members.toByteArray())
                .exchange()
                .expectStatus().isAccepted();

        read("/api/v1/ports?nodeGuid=" + guid).expectBody().jsonPath("$[0].counters.SymbolErrorCounter").isEqualTo(3);
    }

    @Test
    void aGzipTrailerThatMisstatesTheSizeIsRefused() throws IOException {
        for (int delta : new int[] {-7, 7}) {
            byte[] compressed = gzip(validJson().getBytes(StandardCharsets.UTF_8));
            int at = compressed.length - Integer.BYTES;
            compressed[at] = (byte) (compressed[at] + delta);

            refused(web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(AGENT_TOKEN))
                            .contentType(MediaType.APPLICATION_JSON).header("Content-Encoding", "gzip").bodyValue(compressed),
                    HttpStatus.BAD_REQUEST, "invalid-encoding", body -> body.jsonPath("$.detail")
                            .value(startsWith("the body is not valid gzip (Content-Encoding: gzip): ")));
        }
    }

    @Test
    void noTokenIsRefused() {
        refused(web.post().uri("/api/v1/ingest").contentType(MediaType.APPLICATION_JSON).bodyValue(validJson()),
                HttpStatus.UNAUTHORIZED, "unauthorized", body -> body.jsonPath("$.detail").isEqualTo(
                        "no agent token; send Authorization: Bearer <agent token> (the server's fabricpulse.ingest.agent-token)"));
    }

    @Test
    void aWrongTokenIsRefused() {
        refused(web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth("guessed"))
                        .contentType(MediaType.APPLICATION_JSON).bodyValue(validJson()),
                HttpStatus.UNAUTHORIZED, "unauthorized",
                body -> body.jsonPath("$.detail").isEqualTo("the bearer token is not a valid agent token"));
    }

    @Test
    void theAdminsBasicCredentialsDoNotOpenIngest() {
        refused(web.post().uri("/api/v1/ingest").headers(h -> h.setBasicAuth(ADMIN, ADMIN_PASSWORD))
                        .contentType(MediaType.APPLICATION_JSON).bodyValue(validJson()),
                HttpStatus.UNAUTHORIZED, "unauthorized",
                body -> body.jsonPath("$.detail").isEqualTo("the Authorization header must be 'Bearer <agent token>'"));
    }

    @Test
    void invalidJsonIsRefusedWithLineAndColumn() {
        String broken = validJson().replaceFirst(",", ",\n  ,");
        refused(postJson(broken), HttpStatus.BAD_REQUEST, "invalid-json", body -> body
                .jsonPath("$.detail").value(startsWith("invalid JSON at line 2, column 3: Unexpected character (','"))
                .jsonPath("$.line").isEqualTo(2)
                .jsonPath("$.column").isEqualTo(3));
    }

    @Test
    void jsonNullIsRefused() {
        refused(postJson("null"), HttpStatus.BAD_REQUEST, "invalid-batch",
                body -> body.jsonPath("$.detail").isEqualTo("the body is JSON null; expected an ingest batch object"));
    }

    @Test
    void anEmptyGzipBodyIsRefused() {
        refused(web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(AGENT_TOKEN))
                        .contentType(MediaType.APPLICATION_JSON).header("Content-Encoding", "gzip").bodyValue(new byte[0]),
                HttpStatus.BAD_REQUEST, "invalid-encoding", body -> body.jsonPath("$.detail")
                        .isEqualTo("the body is not valid gzip (Content-Encoding: gzip): the data ends early"));
    }

    @Test
    void aWrongContentTypeIsRefused() {
        refused(post("text/plain", validJson().getBytes(StandardCharsets.UTF_8)), HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                "unsupported-media-type", body -> body.jsonPath("$.detail")
                        .isEqualTo("Content-Type text/plain is not supported; send application/json or application/x-jackson-smile"));
    }

    @Test
    void aMissingContentTypeIsRefused() {
        refused(web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(AGENT_TOKEN))
                        .bodyValue(validJson().getBytes(StandardCharsets.UTF_8)),
                HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type",
                body -> body.jsonPath("$.detail").isEqualTo("no Content-Type header; send application/json or application/x-jackson-smile"));
    }

    @Test
    void anUnknownContentEncodingIsRefused() {
        refused(web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(AGENT_TOKEN))
                        .contentType(MediaType.APPLICATION_JSON).header("Content-Encoding", "br").bodyValue(validJson()),
                HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type",
                body -> body.jsonPath("$.detail").isEqualTo("Content-Encoding br is not supported; send gzip or no encoding"));
    }

    @Test
    void negativeCountersAreRefused() {
        refused(postJson(validJson().replace("\"SymbolErrorCounter\":3", "\"SymbolErrorCounter\":-3")),
                HttpStatus.BAD_REQUEST, "invalid-batch", body -> body
                        .jsonPath("$.detail").isEqualTo(
                                "nodes[0].ports[0].counters.SymbolErrorCounter: negative value -3; counters are unsigned")
                        .jsonPath("$.errors[0].path").isEqualTo("nodes[0].ports[0].counters.SymbolErrorCounter")
                        .jsonPath("$.errors[0].reason").isEqualTo("negative value -3; counters are unsigned"));
    }

    @Test
    void countersBeyondTheirWidthAreRefused() {
        refused(postJson(validJson().replace("\"PortXmitDiscards\":1", "\"PortXmitDiscards\":65536")),
                HttpStatus.BAD_REQUEST, "invalid-batch", body -> body
                        .jsonPath("$.errors[0].path").isEqualTo("nodes[0].ports[0].counters.PortXmitDiscards")
                        .jsonPath("$.errors[0].reason").isEqualTo("value 65536 exceeds the 16-bit maximum 65535 "
                                + "(IBA counters latch at their maximum, they never exceed it; 64-bit values of "
                                + "PortCountersExtended's additional fields need extendedErrorCounters: true)"));
    }

    @Test
    void oneBadPortRefusesTheWholeBatch() {
        IngestBatch mixed = batch(agent, 1, Instant.now(),
                hca(guid, "good", activePort(1, Map.of("SymbolErrorCounter", 1L))),
                hca(TestBatches.randomGuid(), "bad", activePort(1, Map.of("LinkDownedCounter", 256L))));

        refused(postJson(TestBatches.json(mixed)), HttpStatus.BAD_REQUEST, "invalid-batch",
                body -> body.jsonPath("$.errors[0].path").isEqualTo("nodes[1].ports[0].counters.LinkDownedCounter"));
        read("/api/v1/ports?nodeGuid=" + guid).expectBody().jsonPath("$.length()").isEqualTo(0);
    }

    @Test
    void anUnknownSchemaVersionIsRefused() {
        refused(postJson(validJson().replace("\"schemaVersion\":1", "\"schemaVersion\":2")),
                HttpStatus.BAD_REQUEST, "invalid-batch", body -> body.jsonPath("$.detail")
                        .isEqualTo("schemaVersion: unsupported schema version 2; this server accepts 1"));
    }

    @Test
    void aCollectionTimeFarInTheFutureIsRefused() {
        String future = TestBatches.json(TestBatches.oneHostPort(agent, 1, Instant.now().plusSeconds(86_400), guid, Map.of()));
        refused(postJson(future), HttpStatus.BAD_REQUEST, "invalid-batch", body -> body
                .jsonPath("$.errors[0].path").isEqualTo("collectedAt")
                .jsonPath("$.errors[0].reason").value(containsString("ahead of the server's clock"))
                .jsonPath("$.errors[0].reason").value(endsWith("; check the agent host's time sync")));
    }

    @Test
    void aBodyOverTheSizeLimitIsRefused() {
        List<PortReport> ports = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            ports.add(activePort(i, Map.of("SymbolErrorCounter", 1L)));
        }
        byte[] big = TestBatches.json(batch(agent, 1, Instant.now(),
                hca(guid, "big", ports.toArray(PortReport[]::new)))).getBytes(StandardCharsets.UTF_8);
        assertThat(big.length).isGreaterThan(64 * 1024);

        refused(post("application/json", big), HttpStatus.CONTENT_TOO_LARGE, "body-too-large", body -> body
                .jsonPath("$.detail").isEqualTo("the body of " + big.length + " bytes exceeds the limit of 65536 bytes "
                        + "as sent (fabricpulse.ingest.max-body-size); send smaller batches"));
    }

    @Test
    void aStreamedBodyWithoutContentLengthIsCutAtTheSizeLimit() {
        DefaultDataBufferFactory buffers = DefaultDataBufferFactory.sharedInstance;
        Flux<DataBuffer> chunks = Flux.range(0, 100).map(i -> buffers.wrap(new byte[1024]));

        refused(web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(AGENT_TOKEN))
                        .contentType(MediaType.APPLICATION_JSON).body(chunks, DataBuffer.class),
                HttpStatus.CONTENT_TOO_LARGE, "body-too-large", body -> body.jsonPath("$.detail").isEqualTo(
                        "the body exceeds the limit of 65536 bytes as sent (fabricpulse.ingest.max-body-size); send smaller batches"));
    }

    @Test
    void aGzipBombIsStoppedAtTheDecompressionLimit() throws IOException {
        byte[] padding = new byte[8 * 1024 * 1024];
        Arrays.fill(padding, (byte) ' ');
        byte[] json = validJson().getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream bomb = new ByteArrayOutputStream();
        bomb.write(padding);
        bomb.write(json);
        byte[] compressed = gzip(bomb.toByteArray());
        assertThat(compressed.length).isLessThan(64 * 1024);

        refused(web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(AGENT_TOKEN))
                        .contentType(MediaType.APPLICATION_JSON).header("Content-Encoding", "gzip").bodyValue(compressed),
                HttpStatus.CONTENT_TOO_LARGE, "body-too-large", body -> body.jsonPath("$.detail").isEqualTo(
                        "the gzip body inflates to more than 1048576 bytes, the limit (fabricpulse.ingest.max-decompressed-size)"));
    }

    @Test
    void corruptGzipIsRefused() throws IOException {
        byte[] compressed = gzip(validJson().getBytes(StandardCharsets.UTF_8));
        compressed[compressed.length / 2] ^= 0x5A;
        compressed[compressed.length / 2 + 1] ^= 0x5A;

        refused(web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(AGENT_TOKEN))
                        .contentType(MediaType.APPLICATION_JSON).header("Content-Encoding", "gzip").bodyValue(compressed),
                HttpStatus.BAD_REQUEST, "invalid-encoding", body -> body.jsonPath("$.detail")
                        .value(startsWith("the body is not valid gzip (Content-Encoding: gzip): ")));
    }

    @Test
    void otherMethodsOnTheIngestPathAreAProblemNotAFault() {
        web.get().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(AGENT_TOKEN)).exchange()
                .expectStatus().isEqualTo(HttpStatus.METHOD_NOT_ALLOWED)
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON);
    }
}
