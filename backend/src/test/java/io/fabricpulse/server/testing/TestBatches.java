package io.fabricpulse.server.testing;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/** Valid ingest batches, shaped like what an agent on an EDR host sends, for tests to start from. */
public final class TestBatches {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private TestBatches() {
    }

    /** A fresh random GUID, so tests sharing one server do not see each other's ports. */
    public static String randomGuid() {
        return Guids.format(ThreadLocalRandom.current().nextLong());
    }

    /** A fresh agent id. */
    public static String randomAgentId() {
        return "host-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
    }

    public static PortReport activePort(int number, Map<String, Long> counters) {
        return new PortReport(number, 17, 1, PortState.ACTIVE, PhysicalState.LINK_UP, LinkWidth.X4, LinkSpeed.EDR,
                EnumSet.of(LinkWidth.X1, LinkWidth.X4), EnumSet.of(LinkSpeed.SDR, LinkSpeed.EDR), "InfiniBand", true,
                counters, new PeerPort("0x0002c90200410d02", 7));
    }

    public static NodeReport hca(String guid, String description, PortReport... ports) {
        return new NodeReport(guid, guid, NodeType.CA, description, "MT4123", "20.31.1014", "MT_0000000223",
                List.of(ports));
    }

    public static IngestBatch batch(String agentId, long sequence, Instant collectedAt, NodeReport... nodes) {
        return new IngestBatch(IngestBatch.SCHEMA_VERSION, agentId, sequence, collectedAt, "sysfs", List.of(nodes));
    }

    /** One host with one port carrying {@code counters}. */
    public static IngestBatch oneHostPort(String agentId, long sequence, Instant collectedAt, String guid,
                                          Map<String, Long> counters) {
        return batch(agentId, sequence, collectedAt, hca(guid, agentId + " HCA-1", activePort(1, counters)));
    }

    /** The batch as an agent writes it on the wire. */
    public static String json(IngestBatch batch) {
        return JSON.writeValueAsString(batch);
    }
}
