package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.WireFormat;
import io.fabricpulse.server.problem.InvalidField;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamFactory;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.cfg.MapperBuilder;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.smile.SmileFactory;
import tools.jackson.dataformat.smile.SmileMapper;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the wire form of an {@link IngestBatch} strictly, in either {@link WireFormat}: unknown fields, duplicate
 * fields, missing numbers, fractions where whole numbers belong and strings where numbers belong are all refused,
 * so that a mistake in an agent shows up as a precise 400, not as silently defaulted data. Every refusal names
 * where: the path and the line and column (JSON) or the byte offset (Smile). Both formats share the limits
 * (nesting, string and number lengths) and the binding; Smile must start with its header.
 */
final class BatchReader {

    /** Far more than the schema needs (5 levels), far less than a stack-exhausting document. */
    private static final int MAX_NESTING_DEPTH = 32;
    private static final int MAX_STRING_LENGTH = 64 * 1024;
    /**
     * The schema's names are under 40 characters. The JSON factory keeps the names it has met (up to 6,000, across
     * requests): at the string limit a few compressible bodies could pin ~0.75 GB there.
     */
    private static final int MAX_NAME_LENGTH = 256;
    private static final int MAX_NUMBER_LENGTH = 64;
    private static final StreamReadConstraints LIMITS = StreamReadConstraints.builder()
            .maxNestingDepth(MAX_NESTING_DEPTH)
            .maxStringLength(MAX_STRING_LENGTH)
            .maxNameLength(MAX_NAME_LENGTH)
            .maxNumberLength(MAX_NUMBER_LENGTH)
            .build();

    /** One format's mapper and the reader bound to the batch record. */
    private record Format(ObjectMapper mapper, ObjectReader reader, ProblemType invalid, String name) {

        static Format of(MapperBuilder<?, ?> builder, ProblemType invalid, String name) {
            ObjectMapper mapper = builder
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                    .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                    .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                    .addMixIn(PortReport.class, PortReportWire.class)
                    .addMixIn(NodeReport.class, GuidWire.Node.class)
                    .addMixIn(PeerPort.class, GuidWire.Peer.class)
                    .addModule(new SpreadRecordCreators())
                    .build();
            return new Format(mapper, mapper.readerFor(IngestBatch.class), invalid, name);
        }
    }

    private final Format json;
    private final Format smile;

    BatchReader() {
        // Duplicate names are refused by DuplicateNameCheck, which costs no allocation per object. JSON names interned
        // (Jackson 3 no longer does by default; it interns a name when its canonicalizing symbol table takes it in): a
        // record's creator property is found in a HashMap by name, and the counters' names in a map keyed by enum
        // names, and an interned name is the key itself. Smile keeps no shared table: Jackson 3.1's Smile parser puts
        // a long name in it before the name-length limit is applied (CVE-2026-68496), and SmileNameGuard refuses
        // such names before the parser would read them. Agents write Smile with back-references: each name is
        // decoded once a batch.
        json = Format.of(JsonMapper.builder(JsonFactory.builder().streamReadConstraints(LIMITS)
                .disable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(TokenStreamFactory.Feature.INTERN_PROPERTY_NAMES).build()), ProblemType.INVALID_JSON, "JSON");
        smile = Format.of(SmileMapper.builder(SmileFactory.builder().streamReadConstraints(LIMITS)
                .disable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .disable(TokenStreamFactory.Feature.CANONICALIZE_PROPERTY_NAMES).build()), ProblemType.INVALID_SMILE, "Smile");
    }

    /**
     * @throws ProblemException {@code invalid-json} or {@code invalid-smile} when the body is not of its format,
     *                          {@code invalid-batch} when it is but not an ingest batch of this schema version
     */
    IngestBatch read(byte[] body, WireFormat wire) {
        Format format = wire == WireFormat.SMILE ? smile : json;
        if (body.length == 0) {
            throw new ProblemException(format.invalid(), "the body is empty; expected a " + format.name() + " ingest batch");
        }
        if (wire == WireFormat.SMILE) {
            refuseLongNames(body, format);
        }
        IngestBatch batch;
        try (JsonParser parser = new DuplicateNameCheck(format.mapper().createParser(body))) {
            batch = format.reader().readValue(parser); // refuses trailing tokens as reading the bytes did
        } catch (JacksonException e) {
            throw translate(e, body, format);
        }
        if (batch == null) {
            throw new InvalidBatchException(new InvalidField("", "the body is " + format.name()
                    + " null; expected an ingest batch object"), Map.of());
        }
        return batch;
    }

    /** Jackson 3.1's Smile parser reads a long name whole before it applies the limit: {@link SmileNameGuard}. */
    private static void refuseLongNames(byte[] body, Format format) {
        long at = SmileNameGuard.firstLongName(body, MAX_NAME_LENGTH);
        if (at >= 0) {
            throw new ProblemException(format.invalid(), "invalid Smile at byte " + at + ": Name length (over "
                    + MAX_NAME_LENGTH + " bytes) exceeds the maximum allowed (" + MAX_NAME_LENGTH + ")", List.of(),
                    Map.of("offset", at));
        }
    }

    private ProblemException translate(JacksonException e, byte[] body, Format format) {
        Map<String, Object> where = location(e.getLocation());
        String path = JacksonMessages.path(e);
        boolean valueProblem = e instanceof DatabindException || e instanceof InputCoercionException;
        if (!valueProblem) {
            String at = where.containsKey("line") ? " at line " + where.get("line") + ", column " + where.get("column")
                    : where.containsKey("offset") ? " at byte " + where.get("offset") : "";
            String inPath = path.isEmpty() ? "" : " (in " + path + ")";
            return new ProblemException(format.invalid(),
                    "invalid " + format.name() + at + inPath + ": " + JacksonMessages.reason(e), List.of(), where);
        }
        InvalidField versionProblem = unsupportedVersion(body, format);
        if (versionProblem != null) {
            return new InvalidBatchException(versionProblem, Map.of());
        }
        return new InvalidBatchException(new InvalidField(path, JacksonMessages.reason(e)), where);
    }

    /**
     * A batch of another schema version fails binding for reasons that would only confuse (fields
     * this version does not know): when its {@code schemaVersion} is readable and not ours, say that.
     */
    private static InvalidField unsupportedVersion(byte[] body, Format format) {
        try {
            JsonNode version = format.mapper().readTree(body).get("schemaVersion");
            if (version != null && version.isIntegralNumber() && version.asLong() != IngestBatch.SCHEMA_VERSION) {
                return new InvalidField("schemaVersion", "unsupported schema version " + version.asString()
                        + "; this server accepts " + IngestBatch.SCHEMA_VERSION);
            }
        } catch (JacksonException unreadable) {
            // The binding error already says what is wrong.
        }
        return null;
    }

    /** Line and column of text; the byte offset of binary input, which has no lines. */
    private static Map<String, Object> location(TokenStreamLocation location) {
        Map<String, Object> where = new LinkedHashMap<>();
        if (location != null && location.getLineNr() > 0) {
            where.put("line", location.getLineNr());
            where.put("column", location.getColumnNr());
        } else if (location != null && location.getByteOffset() >= 0) {
            where.put("offset", location.getByteOffset());
        }
        return where;
    }
}
