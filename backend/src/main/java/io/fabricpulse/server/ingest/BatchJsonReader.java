package io.fabricpulse.server.ingest;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.problem.InvalidField;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the wire form of an {@link IngestBatch} strictly: unknown fields, duplicate fields, missing
 * numbers, fractions where whole numbers belong and strings where numbers belong are all refused, so
 * that a mistake in an agent shows up as a precise 400, not as silently defaulted data. Every refusal
 * names where: the JSON path and the line and column.
 */
final class BatchJsonReader {

    /** Far more than the schema needs (5 levels), far less than a stack-exhausting document. */
    private static final int MAX_NESTING_DEPTH = 32;
    private static final int MAX_STRING_LENGTH = 64 * 1024;
    private static final int MAX_NUMBER_LENGTH = 64;

    private final ObjectReader reader;
    private final JsonMapper mapper;

    BatchJsonReader() {
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(MAX_NESTING_DEPTH)
                        .maxStringLength(MAX_STRING_LENGTH)
                        .maxNameLength(MAX_STRING_LENGTH)
                        .maxNumberLength(MAX_NUMBER_LENGTH)
                        .build())
                // Duplicate names are refused by DuplicateNameCheck, which costs no allocation per object.
                .disable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        mapper = JsonMapper.builder(factory)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .addMixIn(PortReport.class, PortReportWire.class)
                .build();
        reader = mapper.readerFor(IngestBatch.class);
    }

    /**
     * @throws ProblemException {@code invalid-json} when the body is not JSON, {@code invalid-batch}
     *                          when it is JSON but not an ingest batch of this schema version
     */
    IngestBatch read(byte[] json) {
        if (json.length == 0) {
            throw new ProblemException(ProblemType.INVALID_JSON, "the body is empty; expected a JSON ingest batch");
        }
        IngestBatch batch;
        try (JsonParser parser = new DuplicateNameCheck(mapper.createParser(json))) {
            batch = reader.readValue(parser); // refuses trailing tokens as reading the bytes did
        } catch (JacksonException e) {
            throw translate(e, json);
        }
        if (batch == null) {
            throw new InvalidBatchException(new InvalidField("", "the body is JSON null; expected an ingest batch object"),
                    Map.of());
        }
        return batch;
    }

    private ProblemException translate(JacksonException e, byte[] json) {
        Map<String, Object> where = location(e.getLocation());
        String path = JacksonMessages.path(e);
        boolean valueProblem = e instanceof DatabindException || e instanceof InputCoercionException;
        if (!valueProblem) {
            String at = where.isEmpty() ? "" : " at line " + where.get("line") + ", column " + where.get("column");
            String inPath = path.isEmpty() ? "" : " (in " + path + ")";
            return new ProblemException(ProblemType.INVALID_JSON,
                    "invalid JSON" + at + inPath + ": " + JacksonMessages.reason(e), java.util.List.of(), where);
        }
        InvalidField versionProblem = unsupportedVersion(json);
        if (versionProblem != null) {
            return new InvalidBatchException(versionProblem, Map.of());
        }
        return new InvalidBatchException(new InvalidField(path, JacksonMessages.reason(e)), where);
    }

    /**
     * A batch of another schema version fails binding for reasons that would only confuse (fields
     * this version does not know): when its {@code schemaVersion} is readable and not ours, say that.
     */
    private InvalidField unsupportedVersion(byte[] json) {
        try {
            JsonNode version = mapper.readTree(json).get("schemaVersion");
            if (version != null && version.isIntegralNumber() && version.asLong() != IngestBatch.SCHEMA_VERSION) {
                return new InvalidField("schemaVersion", "unsupported schema version " + version.asString()
                        + "; this server accepts " + IngestBatch.SCHEMA_VERSION);
            }
        } catch (JacksonException unreadable) {
            // The binding error already says what is wrong.
        }
        return null;
    }

    private static Map<String, Object> location(TokenStreamLocation location) {
        Map<String, Object> where = new LinkedHashMap<>();
        if (location != null && location.getLineNr() > 0) {
            where.put("line", location.getLineNr());
            where.put("column", location.getColumnNr());
        }
        return where;
    }
}
