package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.WireFormat;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.server.problem.InvalidField;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.rates.CounterMap;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.sym.ByteQuadsCanonicalizer;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.smile.SmileMapper;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class BatchReaderTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final String VALID = TestBatches.json(TestBatches.oneHostPort("h1", 7, T0, "0x0002c903003178f0",
            Map.of("SymbolErrorCounter", 3L)));

    private final BatchReader reader = new BatchReader();

    private ProblemException refusal(String json) {
        return catchThrowableOfType(ProblemException.class, () -> reader.read(json.getBytes(StandardCharsets.UTF_8), WireFormat.JSON));
    }

    @Test
    void readsWhatAnAgentWrites() {
        IngestBatch batch = reader.read(VALID.getBytes(StandardCharsets.UTF_8), WireFormat.JSON);

        assertThat(batch.agentId()).isEqualTo("h1");
        assertThat(batch.collectedAt()).isEqualTo(T0);
        assertThat(batch.nodes().getFirst().ports().getFirst().counters()).containsEntry("SymbolErrorCounter", 3L);
    }

    @Test
    void everyBatchNamingAGuidGivesTheSameStringSoPerPortStateKeepsOneCopy() {
        IngestBatch first = reader.read(VALID.getBytes(StandardCharsets.UTF_8), WireFormat.JSON);
        IngestBatch second = reader.read(VALID.getBytes(StandardCharsets.UTF_8), WireFormat.JSON);

        assertThat(second.nodes().getFirst().guid()).isEqualTo("0x0002c903003178f0")
                .isSameAs(first.nodes().getFirst().guid());
        assertThat(second.nodes().getFirst().ports().getFirst().peer().nodeGuid()).isEqualTo("0x0002c90200410d02")
                .isSameAs(first.nodes().getFirst().ports().getFirst().peer().nodeGuid());
    }

    @Test
    void aGuidThatIsNotTextIsRefusedAsAnyTextFieldIs() {
        String description = "\"description\":\"h1 HCA-1\"";
        assertThat(VALID).contains(description, "\"guid\":\"0x0002c903003178f0\"", "\"nodeGuid\":\"0x0002c90200410d02\"");
        String reason = refusal(VALID.replace(description, "\"description\":[1]")).errors().getFirst().reason();

        for (String guid : List.of("[1]", "{\"a\":1}", "17", "true")) {
            assertThat(refusal(VALID.replace("\"guid\":\"0x0002c903003178f0\"", "\"guid\":" + guid)).errors())
                    .containsExactly(new InvalidField("nodes[0].guid", reason));
            assertThat(refusal(VALID.replace("\"nodeGuid\":\"0x0002c90200410d02\"", "\"nodeGuid\":" + guid))
                    .errors()).containsExactly(new InvalidField("nodes[0].ports[0].peer.nodeGuid", reason));
        }
    }

    @Test
    void cleanCountersAreReadIntoTheCompactMapAndAnUnknownNameOrNullIntoOneThatKeepsThemForTheValidator() {
        String clean = VALID.replace("\"SymbolErrorCounter\":3", "\"PortXmitDiscards\":2,\"SymbolErrorCounter\":3");
        String unknown = VALID.replace("\"SymbolErrorCounter\":3", "\"SymbolErrorCounter\":3,\"Bogus\":1");
        String missing = VALID.replace("\"SymbolErrorCounter\":3", "\"SymbolErrorCounter\":3,\"LinkDownedCounter\":null");

        Map<String, Long> compact = countersOf(clean);
        assertThat(compact).isInstanceOf(CounterMap.class)
                .containsExactly(Map.entry("SymbolErrorCounter", 3L), Map.entry("PortXmitDiscards", 2L));
        assertThat(countersOf(unknown)).isNotInstanceOf(CounterMap.class)
                .containsExactly(Map.entry("SymbolErrorCounter", 3L), Map.entry("Bogus", 1L));
        assertThat(countersOf(missing)).isNotInstanceOf(CounterMap.class)
                .containsEntry("SymbolErrorCounter", 3L).containsEntry("LinkDownedCounter", null).hasSize(2);
        assertThat(countersOf(VALID.replace("{\"SymbolErrorCounter\":3}", "{}"))).isEmpty();
    }

    @Test
    void countersThatAreNotAnObjectAreRefusedWithTheirPath() {
        assertThat(refusal(VALID.replace("{\"SymbolErrorCounter\":3}", "[3]")).errors()).containsExactly(
                new InvalidField("nodes[0].ports[0].counters", "expected an object here"));
    }

    private Map<String, Long> countersOf(String json) {
        return reader.read(json.getBytes(StandardCharsets.UTF_8), WireFormat.JSON).nodes().getFirst().ports().getFirst().counters();
    }

    @Test
    void sixtyFourBitValuesAboveLongMaxArriveAsTheirUnsignedBits() {
        String json = VALID.replace("\"SymbolErrorCounter\":3", "\"PortXmitData\":18446744073709551615");

        IngestBatch batch = reader.read(json.getBytes(StandardCharsets.UTF_8), WireFormat.JSON);

        assertThat(batch.nodes().getFirst().ports().getFirst().counters()).containsEntry("PortXmitData", -1L);
    }

    /**
     * The attack: bodies whose names are up to the string limit (64 KB) long. Each factory keeps the names it meets
     * across requests, so names past 256 bytes are refused while the body is read, in both formats; one of 256 is
     * read (an unknown counter: the validator refuses it).
     */
    @Test
    void namesLongerThan256BytesAreRefusedAsMalformedInBothFormats() {
        String longest = VALID.replace("\"SymbolErrorCounter\":3", "\"" + "S".repeat(256) + "\":3");
        String tooLong = VALID.replace("\"SymbolErrorCounter\":3", "\"" + "S".repeat(257) + "\":3");
        byte[] tooLongSmile = SmileMapper.builder().build().writeValueAsBytes(JsonMapper.builder().build().readTree(tooLong));

        assertThat(reader.read(longest.getBytes(StandardCharsets.UTF_8), WireFormat.JSON).nodes().getFirst().ports()
                .getFirst().counters()).containsKey("S".repeat(256));
        ProblemException json = refusal(tooLong);
        assertThat(json.type()).isEqualTo(ProblemType.INVALID_JSON);
        assertThat(json.toProblemDetail().getDetail()).contains("Name length (257) exceeds the maximum allowed (256");
        ProblemException smile = catchThrowableOfType(ProblemException.class, () -> reader.read(tooLongSmile, WireFormat.SMILE));
        assertThat(smile.type()).isEqualTo(ProblemType.INVALID_SMILE);
        assertThat(smile.toProblemDetail().getDetail()).contains("Name length (over 256 bytes) exceeds the maximum allowed (256");
    }

    /**
     * The attack (CVE-2026-68496): a body whose names are long, each its own. Each factory may keep the names it
     * meets in one table shared by all requests (up to 6,000), and Jackson 3.1's Smile parser puts a name there
     * before it applies the length limit: a holder of an agent token who sends bodies that each name their own 36 KB
     * counter could pin ~0.4 GB. Each such body is refused, in both formats, and neither table takes in their names.
     */
    @ParameterizedTest
    @EnumSource(WireFormat.class)
    void longNamesAreRefusedBeforeTheTableSharedByRequestsKeepsThem(WireFormat wire) throws ReflectiveOperationException {
        reader.read(encoded(VALID, wire), wire);
        int namesBefore = namesKeptAcrossRequests(wire);

        for (int body = 0; body < 50; body++) {
            String name = "S%05d".formatted(body).repeat(6_000);
            byte[] hostile = encoded(VALID.replace("\"SymbolErrorCounter\":3", "\"" + name + "\":3"), wire);
            ProblemException refused = catchThrowableOfType(ProblemException.class, () -> reader.read(hostile, wire));
            assertThat(refused.type()).isEqualTo(wire == WireFormat.SMILE ? ProblemType.INVALID_SMILE : ProblemType.INVALID_JSON);
            assertThat(refused.toProblemDetail().getDetail()).contains("exceeds the maximum allowed (256");
        }

        assertThat(namesKeptAcrossRequests(wire)).isEqualTo(namesBefore);
    }

    private static byte[] encoded(String json, WireFormat wire) {
        return wire == WireFormat.SMILE ? SmileMapper.builder().build().writeValueAsBytes(JsonMapper.builder().build().readTree(json))
                : json.getBytes(StandardCharsets.UTF_8);
    }

    /** The size of the name table the format's factory shares between requests (Jackson keeps it private). */
    private int namesKeptAcrossRequests(WireFormat wire) throws ReflectiveOperationException {
        Field formatField = BatchReader.class.getDeclaredField(wire == WireFormat.SMILE ? "smile" : "json");
        formatField.setAccessible(true);
        Object format = formatField.get(reader);
        Method mapper = format.getClass().getDeclaredMethod("mapper");
        mapper.setAccessible(true);
        TokenStreamFactory factory = ((ObjectMapper) mapper.invoke(format)).tokenStreamFactory();
        Field table = factory.getClass().getDeclaredField("_byteSymbolCanonicalizer");
        table.setAccessible(true);
        return ((ByteQuadsCanonicalizer) table.get(factory)).size();
    }

    /** Smile's end-of-content byte where a counter's value belongs: the parser gives no token, the reader says so. */
    @Test
    void aCounterCutShortBySmilesEndMarkerIsRefusedWithItsPath() {
        byte[] smile = SmileMapper.builder().build().writeValueAsBytes(JsonMapper.builder().build().readTree(VALID));
        byte[] name = "SymbolErrorCounter".getBytes(StandardCharsets.UTF_8);
        int value = indexOf(smile, name) + name.length;
        assertThat(smile[value] & 0xFF).as("the small int 3").isEqualTo(0xC6);
        smile[value] = (byte) 0xFF;

        ProblemException refused = catchThrowableOfType(ProblemException.class, () -> reader.read(smile, WireFormat.SMILE));

        assertThat(refused.type()).isEqualTo(ProblemType.INVALID_BATCH);
        assertThat(refused.errors()).containsExactly(new InvalidField("nodes[0].ports[0].counters.SymbolErrorCounter",
                "must be a non-negative whole number, got the end of the content"));
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        for (int i = 0; i + part.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    @Test
    void syntaxErrorsSayLineAndColumn() {
        ProblemException problem = refusal("{\"schemaVersion\":1,\n\"agentId\":\"a\",,}");

        assertThat(problem.type()).isEqualTo(ProblemType.INVALID_JSON);
        assertThat(problem.toProblemDetail().getDetail()).isEqualTo("invalid JSON at line 2, column 15: "
                + "Unexpected character (',' (code 44)): was expecting double-quote to start property name");
        assertThat(problem.toProblemDetail().getProperties()).containsEntry("line", 2).containsEntry("column", 15);
    }

    @Test
    void anEmptyBodyIsNotJson() {
        assertThat(refusal("").toProblemDetail().getDetail()).isEqualTo("the body is empty; expected a JSON ingest batch");
    }

    @Test
    void jsonNullIsNotABatch() {
        assertThat(refusal(" null ").errors()).containsExactly(
                new InvalidField("", "the body is JSON null; expected an ingest batch object"));
    }

    @Test
    void anotherSchemaVersionIsNamedAsTheProblemEvenWhenItsFieldsAreUnknownHere() {
        String json = VALID.replace("\"schemaVersion\":1", "\"schemaVersion\":2,\"futureField\":true");

        assertThat(refusal(json).errors()).containsExactly(
                new InvalidField("schemaVersion", "unsupported schema version 2; this server accepts 1"));
    }

    static Stream<Arguments> wireMistakes() {
        String counter = "\"SymbolErrorCounter\":3";
        String counterPath = "nodes[0].ports[0].counters.SymbolErrorCounter";
        return Stream.of(
                arguments(VALID.replace(counter, "\"SymbolErrorCounter\":-3"), counterPath,
                        "negative value -3; counters are unsigned"),
                arguments(VALID.replace(counter, "\"SymbolErrorCounter\":-99999999999999999999"), counterPath,
                        "negative value -99999999999999999999; counters are unsigned"),
                arguments(VALID.replace(counter, "\"PortXmitData\":18446744073709551616"),
                        "nodes[0].ports[0].counters.PortXmitData",
                        "value 18446744073709551616 exceeds the 64-bit maximum 18446744073709551615"),
                arguments(VALID.replace(counter, "\"SymbolErrorCounter\":3.5"), counterPath,
                        "must be a non-negative whole number, got a fraction"),
                arguments(VALID.replace(counter, "\"SymbolErrorCounter\":\"3\""), counterPath,
                        "must be a non-negative whole number, got a string"),
                arguments(VALID.replace("\"type\":\"CA\"", "\"type\":\"HUB\""), "nodes[0].type",
                        "unknown value 'HUB'; one of CA, SWITCH, ROUTER"),
                arguments(VALID.replace("\"state\":\"ACTIVE\"", "\"state\":\"UP\""), "nodes[0].ports[0].state",
                        "unknown value 'UP'; one of DOWN, INIT, ARMED, ACTIVE"),
                arguments(VALID.replace("\"collectedAt\":\"2026-03-01T12:00:00Z\"", "\"collectedAt\":\"yesterday\""),
                        "collectedAt", "not an ISO-8601 instant such as 2026-03-01T12:00:00Z: 'yesterday'"),
                arguments(VALID.replace("\"sequence\":7,", ""), "sequence", "missing or null; a whole number is required"),
                arguments(VALID.replace("\"sequence\":7", "\"sequence\":\"7\""), "sequence", "expected a whole number here"),
                arguments(VALID.replace("\"sequence\":7", "\"sequence\":7.5"), "sequence", "expected a whole number here"),
                arguments(VALID.replace("\"portNumber\":1", "\"portNumber\":99999999999"), "nodes[0].ports[0].portNumber",
                        "Numeric value (99999999999) out of range of int (-2147483648 - 2147483647)"),
                arguments(VALID.replace("\"agentId\":\"h1\"", "\"agentId\":\"h1\",\"agentID\":\"h1\""), "agentID",
                        "unknown field; the fields here are agentId, collectedAt, discovery, nodes, schemaVersion, sequence, source, "
                                + "subnetManagers"));
    }

    @ParameterizedTest
    @MethodSource("wireMistakes")
    void valueMistakesNameThePathAndTheReason(String json, String path, String reason) {
        ProblemException problem = refusal(json);

        assertThat(problem.type()).isEqualTo(ProblemType.INVALID_BATCH);
        assertThat(problem.errors()).containsExactly(new InvalidField(path, reason));
        assertThat(problem.toProblemDetail().getProperties()).containsKeys("line", "column");
    }

    @Test
    void aFieldTwiceAtTheTopIsRefusedAndSoIsAnythingAfterTheBatch() {
        ProblemException twice = refusal(VALID.replace("\"schemaVersion\":1", "\"schemaVersion\":1,\"schemaVersion\":1"));
        ProblemException trailing = refusal(VALID + " {}");

        assertThat(twice.type()).isEqualTo(ProblemType.INVALID_JSON);
        assertThat(twice.toProblemDetail().getDetail()).contains("Duplicate Object property \"schemaVersion\"");
        assertThat(trailing.errors()).containsExactly(new InvalidField("", "Trailing token (JsonToken.START_OBJECT) found"
                + " after value (bound as IngestBatch): not allowed as per DeserializationFeature.FAIL_ON_TRAILING_TOKENS"));
        assertThat(reader.read((VALID + " \n").getBytes(StandardCharsets.UTF_8), WireFormat.JSON).agentId()).isEqualTo("h1");
    }

    @Test
    void duplicateFieldsAreRefused() {
        ProblemException problem = refusal(VALID.replace("\"SymbolErrorCounter\":3", "\"SymbolErrorCounter\":3,\"SymbolErrorCounter\":4"));

        assertThat(problem.type()).isEqualTo(ProblemType.INVALID_JSON);
        assertThat(problem.toProblemDetail().getDetail())
                .contains("nodes[0].ports[0].counters").contains("Duplicate Object property \"SymbolErrorCounter\"");
    }

    @Test
    void deepNestingIsRefusedAtItsFirstLevel() {
        ProblemException problem = refusal("{\"nodes\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}");

        assertThat(problem.errors()).extracting(InvalidField::path).containsExactly("nodes[0]");
    }

    @Test
    void aNumberOfAThousandDigitsIsRefusedUnread() {
        ProblemException problem = refusal(VALID.replace("\"SymbolErrorCounter\":3",
                "\"SymbolErrorCounter\":" + "9".repeat(1_000)));

        assertThat(problem.type()).isEqualTo(ProblemType.INVALID_JSON);
        assertThat(problem.toProblemDetail().getDetail()).contains("Number value length").contains("exceeds the maximum");
    }
}
