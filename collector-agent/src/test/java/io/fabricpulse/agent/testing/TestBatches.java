package io.fabricpulse.agent.testing;

import io.fabricpulse.agent.push.BatchEncoder;
import io.fabricpulse.agent.push.EncodedBatch;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Small, distinct batches of one node with one port, as a sysfs agent would send them every 10 s. */
public final class TestBatches {

    public static final Instant FIRST_POLL = Instant.parse("2025-06-01T12:00:00Z");

    private TestBatches() {
    }

    /** Batch {@code sequence} of {@code agentId}; collected {@code sequence} intervals of 10 s after {@link #FIRST_POLL}. */
    public static IngestBatch batch(String agentId, long sequence) {
        Instant collectedAt = FIRST_POLL.plus(Duration.ofSeconds(10).multipliedBy(sequence));
        PortReport port = new PortReport(1, 7, 1, PortState.ACTIVE, PhysicalState.LINK_UP, LinkWidth.X4, LinkSpeed.NDR,
                Set.of(), Set.of(), "InfiniBand", true,
                Map.of("PortXmitData", 1_000_000L * sequence, "SymbolErrorCounter", sequence % 3), null);
        return new IngestBatch(IngestBatch.SCHEMA_VERSION, agentId, sequence, collectedAt, "sysfs",
                List.of(new NodeReport("0x0c42a10300a1b2c0", "0x0c42a10300a1b2c0", NodeType.CA, agentId + " mlx5_0",
                        "MT4129", "28.39.1002", "MT_0000000838", List.of(port))));
    }

    public static EncodedBatch encoded(String agentId, long sequence) {
        return new BatchEncoder().encode(batch(agentId, sequence));
    }
}
