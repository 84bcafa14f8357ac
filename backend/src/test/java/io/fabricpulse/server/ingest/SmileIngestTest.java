package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.WireFormat;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.EntityExchangeResult;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.smile.SmileFactory;
import tools.jackson.dataformat.smile.SmileMapper;
import tools.jackson.dataformat.smile.SmileWriteFeature;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ingest in Smile, as an attacker or a broken agent sends it: what JSON may not carry, Smile may not either,
 * and bytes that are not Smile (cut short, nested without end, lengths that lie, random damage) get a 400
 * problem, never a 5xx or a hang, and change nothing.
 */
class SmileIngestTest extends ServerTest {

    private static final MediaType SMILE = MediaType.parseMediaType(WireFormat.SMILE.contentType());
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** As the agent writes Smile: names and repeated short values as back-references. */
    private static final SmileMapper SMILE_MAPPER = SmileMapper.builder(SmileFactory.builder()
            .enable(SmileWriteFeature.CHECK_SHARED_STRING_VALUES).build()).build();
    /** {@code :)\n} and the header's flags byte (version 0, shared names, no raw binary). */
    private static final byte[] HEADER = {':', ')', '\n', 0x01};

    private static String validJson(String agent, String guid) {
        return TestBatches.json(TestBatches.batch(agent, 1, Instant.now().minusSeconds(30),
                TestBatches.hca(guid, agent + " HCA-1",
                        TestBatches.activePort(1, Map.of("SymbolErrorCounter", 7L, "PortXmitData", 1_000L)),
                        TestBatches.activePort(2, Map.of("PortXmitDiscards", 65_535L, "LinkDownedCounter", 3L)))));
    }

    /** The same document in Smile: every value as the JSON has it (a number beyond a long stays a big integer). */
    private static byte[] smile(String json) {
        return SMILE_MAPPER.writeValueAsBytes(JSON.readTree(json));
    }

    private WebTestClient.ResponseSpec post(byte[] body) {
        return web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(AGENT_TOKEN))
                .contentType(SMILE).bodyValue(body).exchange();
    }

    @Test
    void aSmileBatchIsTakenLikeTheSameBatchInJson() throws IOException {
        String agent = TestBatches.randomAgentId();
        String guid = TestBatches.randomGuid();

        post(smile(validJson(agent, guid))).expectStatus().isAccepted()
                .expectBody().jsonPath("$.status").isEqualTo("accepted").jsonPath("$.ports").isEqualTo(2);

        read("/api/v1/ports?nodeGuid=" + guid).expectStatus().isOk().expectBody()
                .jsonPath("$.length()").isEqualTo(2)
                .jsonPath("$[0].nodeName").isEqualTo(agent + " HCA-1")
                .jsonPath("$[?(@.portNumber == 1)].counters.SymbolErrorCounter").isEqualTo(7)
                .jsonPath("$[?(@.portNumber == 2)].counters.PortXmitDiscards").isEqualTo(65_535);

        String other = TestBatches.randomGuid();
        web.post().uri("/api/v1/ingest").headers(h -> {
                    h.setBearerAuth(AGENT_TOKEN);
                    h.set("Content-Encoding", "gzip");
                })
                .contentType(SMILE).bodyValue(gzip(smile(validJson(TestBatches.randomAgentId(), other))))
                .exchange().expectStatus().isAccepted();
        read("/api/v1/ports?nodeGuid=" + other).expectBody().jsonPath("$.length()").isEqualTo(2);
    }

    @Test
    void whatJsonMayNotCarrySmileMayNotEither() {
        String before = portsSnapshot();
        String valid = validJson(TestBatches.randomAgentId(), TestBatches.randomGuid());

        ObjectNode unknownField = (ObjectNode) JSON.readTree(valid);
        unknownField.put("comment", "hello");
        expectRefused(SMILE_MAPPER.writeValueAsBytes(unknownField), "invalid-batch", "comment");

        ObjectNode negative = (ObjectNode) JSON.readTree(valid);
        ((ObjectNode) negative.at("/nodes/0/ports/0/counters")).put("SymbolErrorCounter", -1);
        expectRefused(SMILE_MAPPER.writeValueAsBytes(negative), "invalid-batch", "SymbolErrorCounter");

        ObjectNode fraction = (ObjectNode) JSON.readTree(valid);
        ((ObjectNode) fraction.at("/nodes/0/ports/0/counters")).put("PortXmitData", 1.5);
        expectRefused(SMILE_MAPPER.writeValueAsBytes(fraction), "invalid-batch", "PortXmitData");

        ObjectNode badGuid = (ObjectNode) JSON.readTree(valid);
        ((ObjectNode) badGuid.at("/nodes/0")).put("guid", "0xZZ");
        expectRefused(SMILE_MAPPER.writeValueAsBytes(badGuid), "invalid-batch", "guid");

        // A name twice in one object: Smile's generator would not write it, an attacker's bytes do.
        byte[] twice = smileOf(valid.replaceFirst("\"agentId\":", "\"agentId\":\"x\",\"agentId\":"));
        expectRefused(twice, "invalid-smile", "Duplicate");

        assertThat(portsSnapshot()).as("nothing was applied").isEqualTo(before);
    }

    @Test
    void bytesThatAreNotSmileGetA400NeverA5xx() {
        String before = portsSnapshot();
        byte[] valid = smile(validJson(TestBatches.randomAgentId(), TestBatches.randomGuid()));

        expectRefused(new byte[0], "invalid-smile", "empty");
        expectRefused(validJson("a", TestBatches.randomGuid()).getBytes(StandardCharsets.UTF_8), "invalid-smile", "header");
        expectRefused(Arrays.copyOfRange(valid, 4, valid.length), "invalid-smile", "header");
        for (int cut = 4; cut < valid.length; cut += Math.max(1, valid.length / 40)) {
            // Cut between tokens the binding ends first (invalid-batch, as for cut JSON); inside one, the parser.
            expect400(Arrays.copyOf(valid, cut));
        }
        // Nested without end: 5,000 START_ARRAY tokens (the limit is 32).
        byte[] deep = new byte[HEADER.length + 5_000];
        System.arraycopy(HEADER, 0, deep, 0, HEADER.length);
        Arrays.fill(deep, HEADER.length, deep.length, (byte) 0xF8);
        expect400(deep); // the binding refuses the array where the batch object belongs, or the depth limit does
        // Lengths that lie: a long Unicode string (0xE4) and 7-bit binary (0xE8, VInt length ~2^31) that end first.
        expectRefused(concat(HEADER, new byte[]{(byte) 0xFA, (byte) 0x80, 'a', (byte) 0xE4, 'x', 'y'}), "invalid-smile", "");
        expectRefused(concat(HEADER, new byte[]{(byte) 0xFA, (byte) 0x80, 'a', (byte) 0xE8, 0x7F, 0x7F, 0x7F, 0x7F,
                (byte) 0x87, 0x01, 0x02}), "invalid-smile", "");
        // A short ASCII name of 32 bytes (0xBF) with 2 present, and a back-reference to a name never sent.
        expectRefused(concat(HEADER, new byte[]{(byte) 0xFA, (byte) 0xBF, 'a', 'b'}), "invalid-smile", "");
        expectRefused(concat(HEADER, new byte[]{(byte) 0xFA, 0x45, 0x21, (byte) 0xFB}), "invalid-smile", "");
        // A back-reference to a string value never sent, in a body whose header allows shared values (flags 0x03).
        expectRefused(new byte[]{':', ')', '\n', 0x03, (byte) 0xFA, (byte) 0x80, 'a', 0x05, (byte) 0xFB}, "invalid-smile", "");

        assertThat(portsSnapshot()).as("nothing was applied").isEqualTo(before);
    }

    @Test
    void randomDamageToSmileNeverCausesAServerError() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        byte[] valid = smile(validJson(TestBatches.randomAgentId(), TestBatches.randomGuid()));
        for (int i = 0; i < 1_000; i++) {
            byte[] mutant = mutate(valid, random);
            EntityExchangeResult<byte[]> result = web.post().uri("/api/v1/ingest").headers(h -> h.setBearerAuth(AGENT_TOKEN))
                    .contentType(SMILE).bodyValue(mutant).exchange().expectBody().returnResult();
            String context = "seed " + seed + ", mutation " + i;
            assertThat(result.getStatus().value()).as(context).isBetween(200, 499);
            if (result.getStatus().value() >= 400) {
                assertThat(result.getResponseHeaders().getContentType()).as(context).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
            }
        }
    }

    /** 400 with a problem: the parser's ({@code invalid-smile}) or, where the bytes parse so far, the binding's. */
    private void expect400(byte[] body) {
        post(body).expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.type").value(type -> assertThat((String) type)
                        .isIn("https://fabricpulse.io/problems/invalid-smile", "https://fabricpulse.io/problems/invalid-batch"));
    }

    private void expectRefused(byte[] body, String type, String detailPart) {
        post(body).expectStatus().isBadRequest()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody()
                .jsonPath("$.type").isEqualTo("https://fabricpulse.io/problems/" + type)
                .jsonPath("$.detail").value(detail -> assertThat((String) detail).contains(detailPart));
    }

    /** Smile of a JSON text as written, duplicates and all: the generator writes what the parser reads. */
    private static byte[] smileOf(String json) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (var parser = JSON.createParser(json); var generator = SMILE_MAPPER.createGenerator(out)) {
            while (parser.nextToken() != null) {
                generator.copyCurrentEvent(parser);
            }
        }
        return out.toByteArray();
    }

    private static byte[] mutate(byte[] valid, Random random) {
        byte[] mutant = valid.clone();
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits && mutant.length > 0; e++) {
            int at = random.nextInt(mutant.length);
            mutant = switch (random.nextInt(4)) {
                case 0 -> {
                    mutant[at] = (byte) random.nextInt(256);
                    yield mutant;
                }
                case 1 -> Arrays.copyOf(mutant, at);
                case 2 -> concat(Arrays.copyOf(mutant, at), Arrays.copyOfRange(mutant, Math.min(mutant.length, at + 1
                        + random.nextInt(8)), mutant.length));
                default -> concat(concat(Arrays.copyOf(mutant, at), new byte[]{(byte) random.nextInt(256)}),
                        Arrays.copyOfRange(mutant, at, mutant.length));
            };
        }
        return mutant;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(bytes);
        }
        return out.toByteArray();
    }
}
