package io.fabricpulse.server.fabric;

import java.util.Comparator;

/**
 * One port in a worst-ports answer.
 *
 * @param nodeGuid       the port's node
 * @param nodeName       its display name
 * @param portNumber     the port
 * @param peerGuid       node at the other end of the cable, null when unknown
 * @param peerPort       port at the other end, 0 when unknown
 * @param value          the metric over the window (per second, or a share, or a ratio)
 * @param coveredSeconds seconds of the window backed by valid deltas; null when ranked from the series store
 */
public record RankedPort(String nodeGuid, String nodeName, int portNumber, String peerGuid, int peerPort, double value,
                         Double coveredSeconds) {

    /** Highest value first; equal values by node GUID and port, so answers are stable. */
    public static final Comparator<RankedPort> WORST_FIRST = Comparator.comparingDouble(RankedPort::value).reversed()
            .thenComparing(RankedPort::nodeGuid)
            .thenComparingInt(RankedPort::portNumber);
}
