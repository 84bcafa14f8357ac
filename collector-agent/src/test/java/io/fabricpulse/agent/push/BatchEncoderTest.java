package io.fabricpulse.agent.push;

import io.fabricpulse.agent.sim.SimSource;
import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.model.ingest.WireFormat;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.smile.SmileMapper;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BatchEncoderTest {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final SmileMapper SMILE = SmileMapper.builder().build();
    private static final BatchEncoder JSON_ENCODER = new BatchEncoder(WireFormat.JSON, Deflater.DEFAULT_COMPRESSION);

    private static IngestBatch demoBatch() {
        MutableClock clock = new MutableClock(Instant.parse("2025-06-01T12:00:00Z"));
        return new IngestBatch(IngestBatch.SCHEMA_VERSION, "demo", 1, clock.instant(), "sim",
                SimSource.demo(clock).poll().subList(0, 100));
    }

    private static IngestBatch decode(EncodedBatch encoded) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(encoded.body()))) {
            return (encoded.format() == WireFormat.SMILE ? SMILE : MAPPER).readValue(in, IngestBatch.class);
        }
    }

    @Test
    void theAgentSendsSmileAndBothFormatsCarryTheSameBatchSmileInFewerBytes() throws IOException {
        IngestBatch batch = demoBatch();
        EncodedBatch smile = new BatchEncoder().encode(batch);
        EncodedBatch json = JSON_ENCODER.encode(batch);

        assertThat(smile.format()).isEqualTo(WireFormat.SMILE);
        assertThat(json.format()).isEqualTo(WireFormat.JSON);
        assertThat(decode(smile)).isEqualTo(batch);
        assertThat(decode(json)).isEqualTo(batch);
        assertThat(smile.body().length).isLessThan(json.body().length);
        assertThat(new EncodedBatch(1, Instant.EPOCH, new byte[]{1, 2, 3}).format()).as("not gzip").isEqualTo(WireFormat.JSON);
    }

    @Test
    void everyLevelCarriesTheSameBatchAndTheFastestIsLarger() throws IOException {
        IngestBatch batch = demoBatch();
        EncodedBatch usual = new BatchEncoder().encode(batch);
        EncodedBatch fastest = new BatchEncoder(WireFormat.SMILE, Deflater.BEST_SPEED).encode(batch);
        assertThat(decode(usual)).isEqualTo(batch);
        assertThat(decode(fastest)).isEqualTo(batch);
        assertThat(fastest.body().length).isGreaterThan(usual.body().length);
    }

    @Test
    void levelsOutsideDeflateAreRefused() {
        assertThatThrownBy(() -> new BatchEncoder(WireFormat.SMILE, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("gzip levels are 1 to 9, not 0");
        assertThatThrownBy(() -> new BatchEncoder(WireFormat.JSON, 10)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sixtyFourBitCountersAboveLongMaxGoOnTheWireUnsigned() throws IOException {
        // PortXmitData latched at 2^64 - 1 (a negative Java long) and one just past 2^63.
        PortReport port = new PortReport(1, 7, 1, PortState.ACTIVE, PhysicalState.LINK_UP, LinkWidth.X4, LinkSpeed.NDR,
                Set.of(), Set.of(), "InfiniBand", true,
                Map.of("PortXmitData", -1L, "PortRcvData", Long.MIN_VALUE, "SymbolErrorCounter", 5L), null);
        IngestBatch batch = new IngestBatch(IngestBatch.SCHEMA_VERSION, "n1", 1, Instant.parse("2026-11-20T10:00:00Z"),
                "umad", List.of(new NodeReport("0x0c42a10300a1b2c0", null, NodeType.CA, "n1 mlx5_0", null, null, null,
                List.of(port))));

        String json = gunzip(JSON_ENCODER.encode(batch).body());

        assertThat(json).contains("\"PortXmitData\":18446744073709551615", "\"PortRcvData\":9223372036854775808",
                "\"SymbolErrorCounter\":5").doesNotContain(":-");
        JsonNode counters;
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(new BatchEncoder().encode(batch).body()))) {
            counters = SMILE.readTree(in).at("/nodes/0/ports/0/counters");
        }
        assertThat(counters.get("PortXmitData").bigIntegerValue()).isEqualTo(new BigInteger("18446744073709551615"));
        assertThat(counters.get("PortRcvData").bigIntegerValue()).isEqualTo(new BigInteger("9223372036854775808"));
        assertThat(counters.get("SymbolErrorCounter").longValue()).isEqualTo(5);
    }

    /** Old servers refuse unknown fields: a batch without a walk must not mention one. */
    @Test
    void theDiscoveryMarkerIsOnTheWireOnlyWhenSet() throws IOException {
        Instant at = Instant.parse("2026-11-20T10:00:00Z");
        IngestBatch plain = new IngestBatch(IngestBatch.SCHEMA_VERSION, "n1", 1, at, "umad", List.of());
        IngestBatch walked = new IngestBatch(IngestBatch.SCHEMA_VERSION, "n1", 2, at, "umad", List.of(),
                new IngestBatch.Discovery(true, "0x0c42a10300a1b2c0", 1, at.minusMillis(40)));

        assertThat(gunzip(JSON_ENCODER.encode(plain).body())).doesNotContain("discovery");
        assertThat(gunzip(JSON_ENCODER.encode(walked).body())).contains("\"discovery\":{\"complete\":true,"
                + "\"fromNodeGuid\":\"0x0c42a10300a1b2c0\",\"fromPort\":1,\"startedAt\":\"2026-11-20T09:59:59.960Z\"}");
        assertThat(decode(new BatchEncoder().encode(walked))).isEqualTo(walked);
    }

    private static String gunzip(byte[] gzip) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
