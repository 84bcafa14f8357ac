package io.fabricpulse.agent.push;

import io.fabricpulse.agent.report.IngestBatch;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPOutputStream;

/** Turns a batch into its request body: JSON (Jackson, ISO-8601 instants) compressed with gzip. */
public final class BatchEncoder {

    private final JsonMapper mapper;

    public BatchEncoder(JsonMapper mapper) {
        this.mapper = mapper;
    }

    public BatchEncoder() {
        this(JsonMapper.builder().build());
    }

    public EncodedBatch encode(IngestBatch batch) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(4096);
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
            mapper.writeValue(gzip, batch);
        } catch (IOException e) {
            // only a ByteArrayOutputStream is written to: this cannot happen short of a JDK bug
            throw new UncheckedIOException(e);
        }
        return new EncodedBatch(batch.sequence(), batch.collectedAt(), bytes.toByteArray());
    }
}
