package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.model.ingest.UnsignedCounterSerializer;
import io.fabricpulse.server.rates.DerivedRates;
import tools.jackson.databind.annotation.JsonSerialize;

import java.time.Instant;
import java.util.Comparator;
import java.util.Map;

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
 * @param counters           latest raw counter values by IBA name; unsigned (in JSON always a
 *                           non-negative integer; in Java a 64-bit value above {@link Long#MAX_VALUE}
 *                           is negative, read it with {@link Long#toUnsignedString(long)})
 * @param rates              per second by IBA name, each in the counter's own unit: events for error
 *                           counters, packets for packet counters, ticks for PortXmitWait, and 4-byte
 *                           <em>words</em> for PortXmitData/PortRcvData (bytes/s are the two fields
 *                           below). Only counters with a valid delta in the latest interval: absent on
 *                           first sight, after a reset (clear), while saturated, and for data/packet
 *                           counters in the interval where the port switched 32/64-bit counters
 * @param xmitBytesPerSecond transmitted data in bytes/s (PortXmitData words/s x 4), null when unknown
 * @param rcvBytesPerSecond  received data in bytes/s (PortRcvData words/s x 4), null when unknown
 * @param derived            derived metrics of the latest interval: utilisation of the link's data rate,
 *                           packets/s, XmitWait share of the interval (when the device's tick is known),
 *                           symbol-error BER estimate; each null when unknown
 * @param saturated          IBA names of counters latched at their maximum ("at least max", no rate),
 *                           each with the collection time at which it was first seen latched
 * @param sampledAt          collection time of the latest sample
 */
public record PortView(String nodeGuid, String nodeName, NodeType nodeType, int portNumber, int lid,
                       PortState state, PhysicalState physicalState, String linkWidth, String linkSpeed,
                       String peerGuid, int peerPort,
                       @JsonSerialize(contentUsing = UnsignedCounterSerializer.class) Map<String, Long> counters,
                       Map<String, Double> rates,
                       Double xmitBytesPerSecond, Double rcvBytesPerSecond, DerivedRates derived,
                       Map<String, Instant> saturated,
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
