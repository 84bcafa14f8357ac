package io.fabricpulse.agent.command;

import io.fabricpulse.agent.push.BatchSink;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The ports this agent reads, as its latest batch has them: an order for any other port is refused.
 * {@link #watching} puts it between the collector and the pusher, passing every batch on unchanged.
 */
public final class KnownPorts {

    /**
     * A port this agent reads the counters of.
     *
     * @param lid      the LID its PerfMgt MADs go to (a switch's port 0 LID for a switch port)
     * @param extended whether it has the 64-bit PortCountersExtended
     */
    public record Target(String nodeGuid, int portNumber, NodeType nodeType, int lid, boolean extended) {
    }

    private volatile Map<String, Target> ports = Map.of();

    /** A sink that notes each batch's ports, then hands the batch to {@code next}. */
    public BatchSink watching(BatchSink next) {
        return batch -> {
            remember(batch);
            next.accept(batch);
        };
    }

    void remember(IngestBatch batch) {
        Map<String, Target> seen = new HashMap<>();
        for (NodeReport node : batch.nodes()) {
            for (PortReport port : node.ports()) {
                if (port.counters() != null && !port.counters().isEmpty() && port.lid() > 0) {
                    seen.put(key(node.guid(), port.portNumber()), new Target(node.guid(), port.portNumber(),
                            node.type(), port.lid(), port.extendedCounters()));
                }
            }
        }
        ports = Map.copyOf(seen);
    }

    /** The port, when the latest batch read its counters. */
    public Optional<Target> find(String nodeGuid, int portNumber) {
        return Optional.ofNullable(ports.get(key(nodeGuid, portNumber)));
    }

    private static String key(String nodeGuid, int portNumber) {
        return nodeGuid + "/" + portNumber;
    }
}
