package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.testing.RawHttp;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 20's edge findings, each as the attack: names carrying control characters, collection times
 * from year 1 or 1970 or minutes ahead, a future-dated sample that used to hide the next real one, a
 * batch of invented ports by the hundred thousand, and a too-large body sent whole before the answer
 * is read (what Python's urllib does), which used to end in a connection reset instead of the 413.
 */
class IngestEdgesIT extends ServerTest {

    @LocalServerPort
    int port;

    private static final Map<String, Long> COUNTERS = Map.of("SymbolErrorCounter", 3L, "PortXmitData", 1_000L);

    @Test
    void namesCarryingControlCharactersAreRefusedNamingTheFieldAndNotStored() {
        String[] hostile = {"rack1\u0000node", "evil\u001b[31mred", "bell\u0007", "two\r\nFIRING · CRITICAL · forged",
                "tab\tname", "del\u007fete", "c1\u0085next-line", "bidi\u202eexe.txt"};
        String[] fields = {"description", "hcaType", "firmware", "boardId"};
        for (String field : fields) {
            for (String text : hostile) {
                String guid = TestBatches.randomGuid();
                NodeReport node = node(guid, field, text);
                IngestBatch batch = TestBatches.batch(TestBatches.randomAgentId(), 1, Instant.now().minusSeconds(5), node);
                String answer = ingest(TestBatches.json(batch)).expectStatus().isBadRequest()
                        .expectBody(String.class).returnResult().getResponseBody();
                assertThat(answer).as(field + " = " + text.codePoints().boxed().toList())
                        .contains("nodes[0]." + field);
                assertThat(read("/api/v1/ports?nodeGuid=" + guid).expectBody(String.class).returnResult()
                        .getResponseBody()).as("nothing of the refused batch is stored").isEqualTo("[]");
            }
        }
    }

    @Test
    void collectionTimesFromYearOneOr1970OrMinutesAheadAreRefused() {
        // This server takes history back to 3650 days (the chart tests' fixed dates); the default is 7.
        Instant[] wrong = {Instant.parse("0001-01-01T00:00:00Z"), Instant.EPOCH, Instant.now().minus(4000, ChronoUnit.DAYS),
                Instant.now().plusSeconds(290), Instant.now().plus(3, ChronoUnit.DAYS)};
        for (Instant at : wrong) {
            String guid = TestBatches.randomGuid();
            String answer = ingest(TestBatches.json(TestBatches.oneHostPort(TestBatches.randomAgentId(), 1, at, guid,
                    COUNTERS))).expectStatus().isBadRequest().expectBody(String.class).returnResult().getResponseBody();
            assertThat(answer).as(at.toString()).contains("collectedAt");
            assertThat(read("/api/v1/ports?nodeGuid=" + guid).expectBody(String.class).returnResult()
                    .getResponseBody()).isEqualTo("[]");
        }
    }

    /**
     * The finding: a sample dated ahead of the server's clock became the port's latest, so the next real
     * sample (60,000 symbol errors) was "older" and ignored. It must show.
     */
    @Test
    void aFutureDatedSampleNeverHidesALaterRealOne() {
        String agent = TestBatches.randomAgentId();
        String guid = TestBatches.randomGuid();
        Instant now = Instant.now();
        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 1, now.minusSeconds(20), guid, COUNTERS)))
                .expectStatus().isAccepted();
        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 2, now.plusSeconds(50), guid,
                Map.of("SymbolErrorCounter", 3L, "PortXmitData", 2_000L)))).expectStatus().is2xxSuccessful();

        ingest(TestBatches.json(TestBatches.oneHostPort(agent, 3, Instant.now().plusMillis(500), guid,
                Map.of("SymbolErrorCounter", 60_003L, "PortXmitData", 3_000L)))).expectStatus().isAccepted();

        read("/api/v1/ports?nodeGuid=" + guid).expectStatus().isOk().expectBody()
                .jsonPath("$[0].counters.SymbolErrorCounter").isEqualTo(60_003);
    }

    @Test
    void aBatchOfInventedPortsBeyondTheBoundIsRefusedWhole() {
        List<NodeReport> switches = new ArrayList<>();
        for (int s = 0; s < 8; s++) {
            List<PortReport> ports = new ArrayList<>();
            for (int p = 1; p <= 200; p++) {
                ports.add(TestBatches.activePort(p, COUNTERS));
            }
            switches.add(new NodeReport(TestBatches.randomGuid(), null, NodeType.SWITCH, "invented " + s, null, null,
                    null, ports));
        }
        IngestBatch flood = new IngestBatch(IngestBatch.SCHEMA_VERSION, TestBatches.randomAgentId(), 1,
                Instant.now().minusSeconds(1), "sim", switches);

        String answer = ingestGzip(gzip(TestBatches.json(flood))).expectStatus().isBadRequest()
                .expectBody(String.class).returnResult().getResponseBody();

        assertThat(answer).contains("1600 ports").contains("max-ports-per-batch");
        assertThat(read("/api/v1/ports?nodeGuid=" + switches.getFirst().guid()).expectBody(String.class)
                .returnResult().getResponseBody()).isEqualTo("[]");
    }

    /**
     * curl waits for the answer before it sends a body; Python's urllib sends all of it with
     * {@code Connection: close} and then reads, and got a connection reset (the server closed with the body
     * unread) instead of the 413. A keep-alive client was answered: both are sent here.
     */
    @ParameterizedTest(name = "Connection: {0}")
    @ValueSource(strings = {"close", "keep-alive"})
    void aTooLargeBodySentWholeBeforeReadingGetsA413ItCanRead(String connection) throws Exception {
        byte[] body = new byte[8_000_000];
        java.util.Arrays.fill(body, (byte) ' ');
        try (RawHttp client = RawHttp.connect(port)) {
            client.send("POST /api/v1/ingest HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + AGENT_TOKEN
                    + "\r\nContent-Type: application/json\r\nConnection: " + connection + "\r\nContent-Length: " + body.length
                    + "\r\n\r\n");
            try {
                client.send(body);
            } catch (java.io.IOException reset) {
                throw new AssertionError("the server ended the connection before the body was sent: " + reset, reset);
            }
            String answer = client.answer(Duration.ofSeconds(20));
            assertThat(answer).startsWith("HTTP/1.1 413").contains("max-body-size");
        }
    }

    private static NodeReport node(String guid, String field, String text) {
        PortReport port = TestBatches.activePort(1, COUNTERS);
        return new NodeReport(guid, guid, NodeType.CA, field.equals("description") ? text : "host HCA-1",
                field.equals("hcaType") ? text : "MT4123", field.equals("firmware") ? text : "20.31.1014",
                field.equals("boardId") ? text : "MT_0000000223", List.of(port));
    }

    private static byte[] gzip(String json) {
        try {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(bytes)) {
                out.write(json.getBytes(StandardCharsets.UTF_8));
            }
            return bytes.toByteArray();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private org.springframework.test.web.reactive.server.WebTestClient.ResponseSpec ingestGzip(byte[] gzipped) {
        return web.post().uri("/api/v1/ingest").headers(h -> {
            h.setBearerAuth(AGENT_TOKEN);
            h.set("Content-Encoding", "gzip");
        }).contentType(org.springframework.http.MediaType.APPLICATION_JSON).bodyValue(gzipped).exchange();
    }
}
