package io.fabricpulse.model.ingest;

import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.databind.annotation.JsonSerialize;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One port as one poll saw it. The fields after {@code peer} came later and are optional (absent from the
 * JSON when null), so batches of older agents still read.
 *
 * @param portNumber            port number on its node (1..N; 0 is a switch's management port)
 * @param lid                   LID given by the SM, 0 when unassigned
 * @param smLid                 LID of the master SM as this port knows it, 0 when unknown
 * @param state                 logical port state; null only when the device answered a reserved code, which
 *                              {@code faults} then names
 * @param physicalState         physical port state; null only with a fault, like {@code state}
 * @param linkWidthActive       active width, null when the link is down or unknown
 * @param linkSpeedActive       active speed, null when the link is down or unknown
 * @param linkWidthSupported    widths the port supports, empty when the source cannot tell (sysfs)
 * @param linkSpeedSupported    speeds the port supports, empty when the source cannot tell (sysfs)
 * @param linkLayer             {@code InfiniBand} or {@code Ethernet} (RoCE)
 * @param extendedCounters      true when data and packet counters are the 64-bit PortCountersExtended ones
 * @param counters              counter values by IBA name ({@link PortCounter#ibaName()}); 64-bit values are
 *                              unsigned (a negative long is a value above 2^63 - 1) and written so in JSON
 * @param peer                  the port at the other end of the cable, null when not known
 * @param linkWidthEnabled      widths enabled on the port (PortInfo LinkWidthEnabled), null when unknown
 * @param linkSpeedEnabled      speeds enabled (LinkSpeedEnabled and LinkSpeedExtEnabled), null when unknown
 * @param extendedErrorCounters true when the error counters and PortXmitWait are the 64-bit
 *                              PortCountersExtended ones too; null or false: their PortCounters widths
 * @param linkRateGbps          the link's data rate in Gb/s as the source reports it without InfiniBand
 *                              widths and speeds (an Ethernet port's rate from sysfs); null when not reported
 * @param faults                reserved or impossible values in the port's answers; null when none
 */
public record PortReport(int portNumber, int lid, int smLid, PortState state, PhysicalState physicalState,
                         LinkWidth linkWidthActive, LinkSpeed linkSpeedActive,
                         Set<LinkWidth> linkWidthSupported, Set<LinkSpeed> linkSpeedSupported,
                         String linkLayer, boolean extendedCounters,
                         @JsonSerialize(using = CounterMapSerializer.class) Map<String, Long> counters,
                         PeerPort peer,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Set<LinkWidth> linkWidthEnabled,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Set<LinkSpeed> linkSpeedEnabled,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Boolean extendedErrorCounters,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Double linkRateGbps,
                         @JsonInclude(JsonInclude.Include.NON_NULL) List<FieldFault> faults) {

    /** The link layer of a port that does not say: InfiniBand. */
    public static final String INFINIBAND = "InfiniBand";
    /** RoCE: verbs counters over Ethernet, none of InfiniBand's link semantics. */
    public static final String ETHERNET = "Ethernet";

    /** A report with what every agent has sent since the first schema: no enabled sets, no faults. */
    public PortReport(int portNumber, int lid, int smLid, PortState state, PhysicalState physicalState,
                      LinkWidth linkWidthActive, LinkSpeed linkSpeedActive,
                      Set<LinkWidth> linkWidthSupported, Set<LinkSpeed> linkSpeedSupported,
                      String linkLayer, boolean extendedCounters, Map<String, Long> counters, PeerPort peer) {
        this(portNumber, lid, smLid, state, physicalState, linkWidthActive, linkSpeedActive, linkWidthSupported,
                linkSpeedSupported, linkLayer, extendedCounters, counters, peer, null, null, null, null, null);
    }

    /** Which counters are 64-bit in this sample. */
    public CounterWidth counterWidth() {
        return CounterWidth.of(extendedCounters, Boolean.TRUE.equals(extendedErrorCounters));
    }

    /** True for an Ethernet (RoCE) port: none of InfiniBand's link, SM or speed rules apply to it. */
    public boolean ethernet() {
        return ETHERNET.equals(linkLayer);
    }
}
