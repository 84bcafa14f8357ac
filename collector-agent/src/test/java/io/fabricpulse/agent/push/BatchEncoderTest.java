package io.fabricpulse.agent.push;

import io.fabricpulse.agent.report.IngestBatch;
import io.fabricpulse.agent.sim.SimSource;
import io.fabricpulse.agent.testing.MutableClock;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BatchEncoderTest {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private static IngestBatch demoBatch() {
        MutableClock clock = new MutableClock(Instant.parse("2025-06-01T12:00:00Z"));
        return new IngestBatch(IngestBatch.SCHEMA_VERSION, "demo", 1, clock.instant(), "sim",
                SimSource.demo(clock).poll().subList(0, 100));
    }

    private static IngestBatch decode(EncodedBatch encoded) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(encoded.gzipJson()))) {
            return MAPPER.readValue(in, IngestBatch.class);
        }
    }

    @Test
    void everyLevelCarriesTheSameBatchAndTheFastestIsLarger() throws IOException {
        IngestBatch batch = demoBatch();
        EncodedBatch usual = new BatchEncoder().encode(batch);
        EncodedBatch fastest = new BatchEncoder(MAPPER, Deflater.BEST_SPEED).encode(batch);
        assertThat(decode(usual)).isEqualTo(batch);
        assertThat(decode(fastest)).isEqualTo(batch);
        assertThat(fastest.gzipJson().length).isGreaterThan(usual.gzipJson().length);
    }

    @Test
    void levelsOutsideDeflateAreRefused() {
        assertThatThrownBy(() -> new BatchEncoder(MAPPER, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("gzip levels are 1 to 9, not 0");
        assertThatThrownBy(() -> new BatchEncoder(MAPPER, 10)).isInstanceOf(IllegalArgumentException.class);
    }
}
