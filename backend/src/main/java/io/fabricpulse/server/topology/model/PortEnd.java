package io.fabricpulse.server.topology.model;

import io.fabricpulse.model.ingest.PortHash;

/**
 * One port of the fabric, keyed the way the whole topology feature keys ports: node GUID and port number.
 *
 * @param nodeGuid canonical node GUID ({@code 0x} and 16 lower-case hex digits)
 * @param port     port number, 1..254 for a cable end
 */
public record PortEnd(String nodeGuid, int port) implements Comparable<PortEnd> {

    /** Spread: ports of nodes with GUIDs in sequence must not share bins ({@link PortHash}). */
    @Override
    public int hashCode() {
        return PortHash.of(nodeGuid, port);
    }

    /** Spelt out: {@link PortHash#same} says why. */
    @Override
    public boolean equals(Object other) {
        return other instanceof PortEnd that && PortHash.same(nodeGuid, port, that.nodeGuid, that.port);
    }

    /** Canonical GUIDs have one length, so comparing the text orders them as unsigned numbers. */
    @Override
    public int compareTo(PortEnd other) {
        int byNode = nodeGuid.compareTo(other.nodeGuid);
        return byNode != 0 ? byNode : Integer.compare(port, other.port);
    }

    @Override
    public String toString() {
        return nodeGuid + "[" + port + "]";
    }
}
