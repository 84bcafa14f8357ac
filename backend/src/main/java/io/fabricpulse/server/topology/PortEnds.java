package io.fabricpulse.server.topology;

import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.ports.PortTable;
import io.fabricpulse.server.topology.model.PortEnd;
import org.springframework.stereotype.Component;

import java.util.Iterator;

/**
 * The one {@link PortEnd} of each port, by its {@link PortIndex} number, that the topology's memories share: the
 * latest report of a port, the far end it names, its remembered cable and a built model's link ends. Each made its
 * own before (two or three of 16 bytes a port, and the batch's peer record of 24 bytes more). Thread-safe.
 */
@Component
public final class PortEnds implements Iterable<PortEnd> {

    private final PortIndex index;
    private final PortTable<PortEnd> ends = new PortTable<>();

    public PortEnds(PortIndex index) {
        this.index = index;
    }

    /** The port's end, numbering the port if it has no number yet. */
    public PortEnd of(String nodeGuid, int port) {
        return ends.computeIfAbsent(index.of(nodeGuid, port), n -> new PortEnd(nodeGuid, port));
    }

    /** The shared end equal to {@code end}. */
    public PortEnd of(PortEnd end) {
        return ends.computeIfAbsent(index.of(end.nodeGuid(), end.port()), n -> end);
    }

    /** The numbers the ends are kept by. */
    PortIndex index() {
        return index;
    }

    /** Every port's end made so far, in port number order. */
    @Override
    public Iterator<PortEnd> iterator() {
        return ends.iterator();
    }
}
