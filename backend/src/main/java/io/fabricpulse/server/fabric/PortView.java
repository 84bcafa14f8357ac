package io.fabricpulse.server.fabric;

import io.fabricpulse.agent.report.NodeType;
import io.fabricpulse.agent.report.PhysicalState;
import io.fabricpulse.agent.report.PortState;

import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;

/**
 * A port with its latest counters and rates.
 *
 * @param nodeGuid           GUID of the node the port is on
 * @param nodeName           display name of that node
 * @param nodeType           CA or SWITCH
 * @param portNumber         port number
 * @param lid                LID, 0 when unassigned
 * @param state              logical state
 * @param physicalState      physical state
 * @param linkWidth          active width label ("4X"), null when down
 * @param linkSpeed          active speed name ("EDR"), null when down
 * @param peerGuid           GUID of the node at the far end of the cable, null when unknown
 * @param peerPort           port number at the far end, 0 when unknown
 * @param counters           latest raw counter values by IBA name
 * @param rates              events per second by IBA name, for counters with a valid delta in the
 *                           latest interval (absent after a reset, while saturated, or on first sight)
 * @param xmitBytesPerSecond transmitted data in bytes/s (PortXmitData words x 4), null when unknown
 * @param rcvBytesPerSecond  received data in bytes/s (PortRcvData words x 4), null when unknown
 * @param saturated          IBA names of counters latched at their maximum ("at least max")
 * @param sampledAt          collection time of the latest sample
 */
public record PortView(String nodeGuid, String nodeName, NodeType nodeType, int portNumber, int lid,
                       PortState state, PhysicalState physicalState, String linkWidth, String linkSpeed,
                       String peerGuid, int peerPort, Map<String, Long> counters, Map<String, Double> rates,
                       Double xmitBytesPerSecond, Double rcvBytesPerSecond, Set<String> saturated,
                       Instant sampledAt) {

    /**
     * Worst first: ports with saturated counters, then by the sum of the SymbolErrorCounter and
     * PortXmitDiscards rates, then ports that are not Active, then by node name and port.
     */
    public static final Comparator<PortView> WORST_FIRST = Comparator
            .comparing((PortView p) -> p.saturated().isEmpty())
            .thenComparing(Comparator.comparingDouble(PortView::errorRate).reversed())
            .thenComparing(p -> p.state() == PortState.ACTIVE)
            .thenComparing(PortView::nodeName, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparingInt(PortView::portNumber);

    /** Sum of the SymbolErrorCounter and PortXmitDiscards rates, 0 when neither is known. */
    public double errorRate() {
        return rates.getOrDefault("SymbolErrorCounter", 0.0) + rates.getOrDefault("PortXmitDiscards", 0.0);
    }
}
