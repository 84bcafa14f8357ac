package io.fabricpulse.agent.command;

import io.fabricpulse.agent.push.BatchSink;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;

import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ports this agent has read, each as its latest batch had it: an order for any other port is refused. A port
 * stays known when it drops out of the batches (a disabled switch port leaves the sweep once the next walk finds
 * no cable there; it must still be enabled again).
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

    private final Map<String, Target> ports = new ConcurrentHashMap<>();
    /** This host's own ports and the switch ports across their cables: what this agent reaches the fabric by. */
    private volatile Set<String> lifelines = Set.of();

    /** A sink that notes each batch's ports, then hands the batch to {@code next}. */
    public BatchSink watching(BatchSink next) {
        return batch -> {
            remember(batch);
            next.accept(batch);
        };
    }

    void remember(IngestBatch batch) {
        Set<String> own = new HashSet<>();
        for (NodeReport node : batch.nodes()) {
            boolean local = node.type() == NodeType.CA && node.ports().stream().anyMatch(KnownPorts::hasCounters);
            for (PortReport port : node.ports()) {
                if (local) {
                    // A CA with counters is this host's own (a walk reports other CAs by identity only).
                    own.add(key(node.guid(), port.portNumber()));
                    if (port.peer() != null) {
                        own.add(key(port.peer().nodeGuid(), port.peer().portNumber()));
                    }
                }
                if (hasCounters(port) && port.lid() > 0) {
                    ports.put(key(node.guid(), port.portNumber()), new Target(node.guid(), port.portNumber(),
                            node.type(), port.lid(), port.extendedCounters()));
                }
            }
        }
        lifelines = Set.copyOf(own);
    }

    /**
     * Whether the port is one of this host's own or the switch port across one of their cables: disabling it
     * would cut this agent off from the fabric (and from the server's next order to enable it).
     */
    public boolean isLifeline(String nodeGuid, int portNumber) {
        return lifelines.contains(key(nodeGuid, portNumber));
    }

    private static boolean hasCounters(PortReport port) {
        return port.counters() != null && !port.counters().isEmpty();
    }

    /** The port, when the latest batch read its counters. */
    public Optional<Target> find(String nodeGuid, int portNumber) {
        return Optional.ofNullable(ports.get(key(nodeGuid, portNumber)));
    }

    private static String key(String nodeGuid, int portNumber) {
        return nodeGuid + "/" + portNumber;
    }
}
