package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.WireFormat;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.smile.SmileFactory;
import tools.jackson.dataformat.smile.SmileMapper;
import tools.jackson.dataformat.smile.SmileWriteFeature;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SmileNameGuardTest {

    private static final int LIMIT = 256;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** The agent's encoding (shared names and string values), and one with raw binary instead of 7-bit. */
    private static final SmileMapper AGENT = SmileMapper.builder(SmileFactory.builder()
            .enable(SmileWriteFeature.CHECK_SHARED_STRING_VALUES).build()).build();
    private static final SmileMapper RAW = SmileMapper.builder(SmileFactory.builder()
            .disable(SmileWriteFeature.ENCODE_BINARY_AS_7BIT).disable(SmileWriteFeature.CHECK_SHARED_NAMES).build()).build();

    /**
     * The attack: an agent token's holder sends a Smile batch naming a counter of megabytes. Jackson 3.1 would copy the
     * growing name a kilobyte at a time on an event loop before refusing it; the reader refuses it unread, naming the
     * byte where the name starts.
     */
    @ParameterizedTest
    @ValueSource(ints = {257, 4 * 1024 * 1024})
    void aBatchWithANameOverTheLimitIsRefusedBeforeTheParserReadsIt(int length) {
        JsonNode batch = JsonMapper.builder().build().readTree(TestBatches.json(TestBatches.oneHostPort("h1", 7,
                Instant.parse("2026-03-01T12:00:00Z"), "0x0002c903003178f0", Map.of("SymbolErrorCounter", 3L))));
        ((ObjectNode) batch.get("nodes").get(0).get("ports").get(0).get("counters")).put("S".repeat(length), 3);
        byte[] body = AGENT.writeValueAsBytes(batch);

        ProblemException refused = catchThrowableOfType(ProblemException.class,
                () -> new BatchReader().read(body, WireFormat.SMILE));

        assertThat(refused.type()).isEqualTo(ProblemType.INVALID_SMILE);
        assertThat(refused.toProblemDetail().getDetail()).contains("exceeds the maximum allowed (256)");
        long at = SmileNameGuard.firstLongName(body, LIMIT);
        assertThat(refused.toProblemDetail().getProperties()).containsEntry("offset", at);
        assertThat(body[(int) at] & 0xFF).as("Smile's long-name token").isEqualTo(0x34);
    }

    /**
     * The walk keeps in step with every kind of Smile token, or it would miss a name or take a value for one: random
     * documents of every value type, names up to the limit (long names from 65 bytes, Unicode ones), in both
     * encodings, are passed; the same documents with one name past the limit somewhere are caught.
     */
    @Test
    void randomDocumentsPassUnlessOneNameIsOverTheLimit() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int i = 0; i < 500; i++) {
            ObjectNode document = object(random, 0);
            for (SmileMapper mapper : new SmileMapper[] {AGENT, RAW}) {
                byte[] clean = mapper.writeValueAsBytes(document);
                assertThat(SmileNameGuard.firstLongName(clean, LIMIT)).as("seed %d, document %d", seed, i).isEqualTo(-1);
            }
            ObjectNode target = pickObject(document, random);
            target.put(name(random, LIMIT + 1 + random.nextInt(200)), random.nextLong());
            for (SmileMapper mapper : new SmileMapper[] {AGENT, RAW}) {
                byte[] hostile = mapper.writeValueAsBytes(document);
                long at = SmileNameGuard.firstLongName(hostile, LIMIT);
                assertThat(at).as("seed %d, document %d", seed, i).isPositive();
                assertThat(hostile[(int) at] & 0xFF).isEqualTo(0x34);
            }
        }
    }

    /**
     * Byte streams Jackson's writer never makes but its parser reads: a 64-bit int whose first four bytes the parser
     * takes unread (one of them with its high bit set), a second header before the document, and the end-of-content
     * byte or a header where a value belongs (the parser gives no token there and goes on to a name, and a binding
     * that copies an unknown property asks it to). A long name after any of them is found; a byte 0x34 inside such
     * an int is no name.
     */
    @Test
    void aLongNameAfterStreamsTheParserReadsButNoWriterMakesIsFound() {
        byte[] longName = longName(LIMIT + 1);
        byte[] afterShortLong = concat(bytes(0x3A, 0x29, 0x0A, 0x00, 0xFA, 0x80, 'a', 0x25, 0x81, 0x20, 0xE0, 0x00, 0x80),
                longName, bytes(0x21, 0xFB));
        byte[] afterTwoHeaders = concat(bytes(0x3A, 0x29, 0x0A, 0x00, 0x3A, 0x29, 0x0A, 0x00, 0xFA), longName, bytes(0x21, 0xFB));
        byte[] nameTokenInsideAnInt = concat(bytes(0x3A, 0x29, 0x0A, 0x00, 0xFA, 0x80, 'a', 0x25, 0x81, 0x34, 0x00, 0x00, 0x80,
                0x80, 'b', 0xE0), "a".repeat(300).getBytes(), bytes(0xFC, 0xFB));

        byte[] afterEndOfContent = concat(bytes(0x3A, 0x29, 0x0A, 0x00, 0xFA, 0x80, 'x', 0xFA, 0x80, 'a', 0xFF), longName,
                bytes(0x21, 0xFB, 0xFB));
        byte[] afterAHeaderForAValue = concat(bytes(0x3A, 0x29, 0x0A, 0x00, 0xFA, 0x80, 'x', 0xFA, 0x80, 'a',
                0x3A, 0x29, 0x0A, 0x00), longName, bytes(0x21, 0xFB, 0xFB));

        assertThat(SmileNameGuard.firstLongName(afterShortLong, LIMIT)).isEqualTo(13);
        assertThat(SmileNameGuard.firstLongName(afterEndOfContent, LIMIT)).isEqualTo(11);
        assertThat(SmileNameGuard.firstLongName(afterAHeaderForAValue, LIMIT)).isEqualTo(14);
        assertThat(SmileNameGuard.firstLongName(afterTwoHeaders, LIMIT)).isEqualTo(9);
        assertThat(SmileNameGuard.firstLongName(nameTokenInsideAnInt, LIMIT)).isEqualTo(-1);
        // what Jackson's parser reads in them, so the walk above is in step with it
        String name = "n".repeat(LIMIT + 1);
        assertThat(RAW.readTree(afterShortLong).propertyNames()).containsExactly("a", name);
        assertThat(RAW.readTree(afterTwoHeaders).propertyNames()).containsExactly(name);
        assertThat(RAW.readTree(nameTokenInsideAnInt).propertyNames()).containsExactly("a", "b");
    }

    @Test
    void aNameOfExactlyTheLimitPassesAndOneByteMoreIsCaught() {
        byte[] start = bytes(0x3A, 0x29, 0x0A, 0x00, 0xFA);
        byte[] end = bytes(0x21, 0xFB);

        assertThat(SmileNameGuard.firstLongName(concat(start, longName(LIMIT), end), LIMIT)).isEqualTo(-1);
        assertThat(SmileNameGuard.firstLongName(concat(start, longName(LIMIT + 1), end), LIMIT)).isEqualTo(5);
    }

    @Test
    void bytesThatAreNotSmileAreLeftToTheParser() {
        assertThat(SmileNameGuard.firstLongName(new byte[0], LIMIT)).isEqualTo(-1);
        assertThat(SmileNameGuard.firstLongName("{\"a\":1}".getBytes(), LIMIT)).isEqualTo(-1);
        assertThat(SmileNameGuard.firstLongName(new byte[] {':', ')', '\n', 0, (byte) 0xFA, 0x34, 'a'}, LIMIT)).isEqualTo(-1);
    }

    private static ObjectNode object(Random random, int depth) {
        ObjectNode object = NODES.objectNode();
        int fields = random.nextInt(depth == 0 ? 8 : 5);
        for (int f = 0; f < fields; f++) {
            object.set(name(random, random.nextInt(4) == 0 ? 65 + random.nextInt(LIMIT - 64) : 1 + random.nextInt(40)),
                    value(random, depth + 1));
        }
        return object;
    }

    private static JsonNode value(Random random, int depth) {
        int kind = random.nextInt(depth < 4 ? 16 : 14);
        return switch (kind) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.booleanNode(random.nextBoolean());
            case 2 -> NODES.numberNode(random.nextInt(32) - 16);
            case 3 -> NODES.numberNode(random.nextInt());
            case 4 -> NODES.numberNode(random.nextLong());
            case 5 -> NODES.numberNode(new BigInteger(64 + random.nextInt(200), random));
            case 6 -> NODES.numberNode(random.nextFloat());
            case 7 -> NODES.numberNode(random.nextDouble());
            case 8 -> NODES.numberNode(new BigDecimal(new BigInteger(80, random), random.nextInt(40) - 20));
            case 9 -> NODES.binaryNode(bytes(random));
            case 10 -> NODES.stringNode(random.nextBoolean() ? "ACTIVE" : "");
            case 11 -> NODES.stringNode(name(random, 1 + random.nextInt(70)));
            case 12 -> NODES.stringNode(name(random, 60 + random.nextInt(300)));
            case 13 -> NODES.stringNode("é".repeat(1 + random.nextInt(80)));
            case 14 -> object(random, depth);
            default -> {
                ArrayNode array = NODES.arrayNode();
                for (int e = random.nextInt(5); e > 0; e--) {
                    array.add(value(random, depth + 1));
                }
                yield array;
            }
        };
    }

    /** A name of {@code bytes} UTF-8 bytes: ASCII, or now and then a character of two bytes (Smile's Unicode names). */
    private static String name(Random random, int bytes) {
        StringBuilder name = new StringBuilder(bytes);
        boolean unicode = random.nextInt(3) == 0;
        for (int left = bytes; left > 0; ) {
            if (unicode && left >= 2 && random.nextInt(5) == 0) {
                name.append('ü');
                left -= 2;
            } else {
                name.append((char) ('a' + random.nextInt(26)));
                left--;
            }
        }
        return name.toString();
    }

    /** Smile's long-name token, {@code length} bytes of name and the end-of-string marker. */
    private static byte[] longName(int length) {
        return concat(bytes(0x34), "n".repeat(length).getBytes(), bytes(0xFC));
    }

    private static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static byte[] bytes(Random random) {
        byte[] bytes = new byte[random.nextInt(40)];
        random.nextBytes(bytes);
        return bytes;
    }

    /** The document or an object somewhere inside it. */
    private static ObjectNode pickObject(ObjectNode document, Random random) {
        ObjectNode picked = document;
        while (random.nextBoolean()) {
            ObjectNode inner = null;
            for (JsonNode child : picked) {
                if (child instanceof ObjectNode object && (inner == null || random.nextBoolean())) {
                    inner = object;
                }
            }
            if (inner == null) {
                return picked;
            }
            picked = inner;
        }
        return picked;
    }
}
