package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.Guids;

/**
 * One end of a cable: a node and one of its ports.
 *
 * @param nodeGuid GUID of the node
 * @param port     port number on that node, 1..255
 */
public record LinkEnd(long nodeGuid, int port) implements Comparable<LinkEnd> {

    public LinkEnd {
        if (port < 1 || port > 255) {
            throw new IllegalArgumentException("port " + port + " is not a cable port (1..255)");
        }
    }

    /** Orders by node GUID as an unsigned number, then by port. */
    @Override
    public int compareTo(LinkEnd other) {
        int byNode = Long.compareUnsigned(nodeGuid, other.nodeGuid);
        return byNode != 0 ? byNode : Integer.compare(port, other.port);
    }

    @Override
    public String toString() {
        return Guids.format(nodeGuid) + "[" + port + "]";
    }
}
