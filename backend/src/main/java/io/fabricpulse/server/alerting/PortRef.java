package io.fabricpulse.server.alerting;

import io.fabricpulse.model.ingest.PortHash;

import java.util.Comparator;

/** One port: node GUID (canonical) and port number. Ordered by GUID, then port. */
public record PortRef(String nodeGuid, int portNumber) implements Comparable<PortRef> {

    private static final Comparator<PortRef> ORDER =
            Comparator.comparing(PortRef::nodeGuid).thenComparingInt(PortRef::portNumber);

    /** Spread: ports of nodes with GUIDs in sequence must not share bins ({@link PortHash}). */
    @Override
    public int hashCode() {
        return PortHash.of(nodeGuid, portNumber);
    }

    /** Spelt out: {@link PortHash#same} says why. */
    @Override
    public boolean equals(Object other) {
        return other instanceof PortRef that && PortHash.same(nodeGuid, portNumber, that.nodeGuid, that.portNumber);
    }

    @Override
    public int compareTo(PortRef other) {
        return ORDER.compare(this, other);
    }

    /** As keys and silences write it: {@code 0x0002c903003178f0/1}. */
    @Override
    public String toString() {
        return nodeGuid + "/" + portNumber;
    }
}
