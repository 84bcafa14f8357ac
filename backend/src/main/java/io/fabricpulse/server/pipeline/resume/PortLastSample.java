package io.fabricpulse.server.pipeline.resume;

import io.fabricpulse.model.ingest.PortHash;
import io.fabricpulse.server.fabric.StoredBaselines;

import java.util.Objects;

/**
 * A row of {@code port_last_sample}: the last accepted raw sample of one port.
 *
 * @param nodeGuid   the port's node, 0x and 16 lower-case hex digits
 * @param portNumber the port
 * @param sample     counters, width, collection time and saturation of the sample
 * @param agentId    the agent that reported it
 */
public record PortLastSample(String nodeGuid, int portNumber, StoredBaselines.Sample sample, String agentId) {

    public PortLastSample {
        Objects.requireNonNull(nodeGuid, "nodeGuid");
        Objects.requireNonNull(sample, "sample");
        Objects.requireNonNull(agentId, "agentId");
    }

    /** The row's key. */
    public PortId port() {
        return new PortId(nodeGuid, portNumber);
    }

    /** A port of the fabric, as the table keys it. */
    public record PortId(String nodeGuid, int portNumber) {
        /** Spread: ports of nodes with GUIDs in sequence must not share bins ({@link PortHash}). */
        @Override
        public int hashCode() {
            return PortHash.of(nodeGuid, portNumber);
        }

        /** Spelt out: {@link PortHash#same} says why. */
        @Override
        public boolean equals(Object other) {
            return other instanceof PortId that && PortHash.same(nodeGuid, portNumber, that.nodeGuid, that.portNumber);
        }
    }
}
