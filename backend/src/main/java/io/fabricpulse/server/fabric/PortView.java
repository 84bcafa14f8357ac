package io.fabricpulse.server.fabric;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.FieldFault;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCapability;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.model.ingest.UnsignedCounterSerializer;
import io.fabricpulse.server.rates.DerivedRates;
import tools.jackson.databind.annotation.JsonSerialize;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
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
 * @param linkLayer          {@code InfiniBand} or {@code Ethernet} (RoCE: no InfiniBand link, SM or speed rule
 *                           applies); null when the agent did not say, which is InfiniBand
 * @param linkRateGbps       an Ethernet port's rate in Gb/s, null for InfiniBand ports
 * @param counterWidth       which counters the latest sample carried at 64 bits (and so where they latch)
 * @param capabilityBits     what the port supports and has enabled, as {@link PortCapability#widthBits()} (high
 *                           16 bits) and {@link PortCapability#speedBits()} (low 16); 0 when unknown. Compact per
 *                           port; read it as {@link #capability()}
 * @param peerCapabilityBits the far end's, as the reporting agent read it; 0 when it did not
 * @param supportedBits      what the port supports, enabled or not, in {@link #capabilityBits()}' form; 0 when unknown
 * @param siblingBits        what the node's other ports with the same supported set support and enable, united with
 *                           this port's, in {@link #capabilityBits()}' form (widths and speeds each on their own); 0
 *                           where no such sibling was in the node's report (a single-port HCA, sysfs): read it as
 *                           {@link #siblingCapability()}
 * @param faults             reserved or impossible values in the latest answers, null when none
 */
public record PortView(String nodeGuid, String nodeName, NodeType nodeType, int portNumber, int lid,
                       PortState state, PhysicalState physicalState, String linkWidth, String linkSpeed,
                       String peerGuid, int peerPort,
                       @JsonSerialize(contentUsing = UnsignedCounterSerializer.class) Map<String, Long> counters,
                       Map<String, Double> rates,
                       Double xmitBytesPerSecond, Double rcvBytesPerSecond, DerivedRates derived,
                       Map<String, Instant> saturated,
                       Instant sampledAt, String linkLayer, Double linkRateGbps, CounterWidth counterWidth,
                       @JsonIgnore int capabilityBits, @JsonIgnore int peerCapabilityBits,
                       @JsonIgnore int supportedBits, @JsonIgnore int siblingBits, List<FieldFault> faults) {

    /** A view without what came with the day-one fields: an InfiniBand port of unknown capability. */
    public PortView(String nodeGuid, String nodeName, NodeType nodeType, int portNumber, int lid,
                    PortState state, PhysicalState physicalState, String linkWidth, String linkSpeed,
                    String peerGuid, int peerPort, Map<String, Long> counters, Map<String, Double> rates,
                    Double xmitBytesPerSecond, Double rcvBytesPerSecond, DerivedRates derived,
                    Map<String, Instant> saturated, Instant sampledAt) {
        this(nodeGuid, nodeName, nodeType, portNumber, lid, state, physicalState, linkWidth, linkSpeed, peerGuid,
                peerPort, counters, rates, xmitBytesPerSecond, rcvBytesPerSecond, derived, saturated, sampledAt, null,
                null, CounterWidth.BASIC, 0, 0, 0, 0, null);
    }

    /** Packs a capability into {@link #capabilityBits()}' form. */
    public static int bits(PortCapability capability) {
        return capability == null ? 0 : (capability.widthBits() << 16) | capability.speedBits();
    }

    /** A report's supported widths and speeds in {@link #capabilityBits()}' form, enabled or not. */
    public static int supportedBits(PortReport report) {
        return (PortCapability.supportedWidthBits(report) << 16) | PortCapability.supportedSpeedBits(report);
    }

    /** A report's own capability in {@link #capabilityBits()}' form, computed without allocating. */
    public static int bits(PortReport report) {
        return (PortCapability.widthBits(report) << 16) | PortCapability.speedBits(report);
    }

    /** What the port supports and has enabled; empty sets when the source cannot tell (sysfs). */
    @JsonIgnore
    public PortCapability capability() {
        return PortCapability.fromBits(capabilityBits >>> 16, capabilityBits & 0xFFFF);
    }

    /**
     * The capability as the API shows it: the widths and speeds, or the text {@code "unknown"} where the source
     * cannot read them (sysfs) or the port is Ethernet; never a guess.
     */
    @JsonProperty("capability")
    public Object capabilityOrUnknown() {
        PortCapability capability = capability();
        return ethernet() || (!capability.knowsWidths() && !capability.knowsSpeeds()) ? "unknown" : capability;
    }

    /** The far end's capability as this port's agent read it; empty when it did not. */
    @JsonIgnore
    public PortCapability peerCapability() {
        return PortCapability.fromBits(peerCapabilityBits >>> 16, peerCapabilityBits & 0xFFFF);
    }

    /** What the port supports, enabled or not; empty sets when the source cannot tell. */
    @JsonIgnore
    public PortCapability supported() {
        return PortCapability.fromBits(supportedBits >>> 16, supportedBits & 0xFFFF);
    }

    /**
     * What the node's ports with this port's supported set (this one included) support and enable; empty where the
     * node's report held no other such port, so a sibling comparison cannot be made.
     */
    @JsonIgnore
    public PortCapability siblingCapability() {
        return PortCapability.fromBits(siblingBits >>> 16, siblingBits & 0xFFFF);
    }

    /** An Ethernet (RoCE) port: InfiniBand's link, state, SM and speed rules do not apply. */
    @JsonIgnore
    public boolean ethernet() {
        return PortReport.ETHERNET.equals(linkLayer);
    }

    /** This view under another node name (a node-name map wins over descriptions). */
    public PortView named(String name) {
        return new PortView(nodeGuid, name, nodeType, portNumber, lid, state, physicalState, linkWidth, linkSpeed,
                peerGuid, peerPort, counters, rates, xmitBytesPerSecond, rcvBytesPerSecond, derived, saturated,
                sampledAt, linkLayer, linkRateGbps, counterWidth, capabilityBits, peerCapabilityBits, supportedBits,
                siblingBits, faults);
    }

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
