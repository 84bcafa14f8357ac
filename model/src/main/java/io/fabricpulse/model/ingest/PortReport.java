package io.fabricpulse.model.ingest;

import tools.jackson.databind.annotation.JsonSerialize;

import java.util.Map;
import java.util.Set;

/**
 * One port as one poll saw it.
 *
 * @param portNumber        port number on its node (1..N; 0 is a switch's management port)
 * @param lid               LID given by the SM, 0 when unassigned
 * @param smLid             LID of the master SM as this port knows it, 0 when unknown
 * @param state             logical port state
 * @param physicalState     physical port state
 * @param linkWidthActive   active width, null when the link is down or unknown
 * @param linkSpeedActive   active speed, null when the link is down or unknown
 * @param linkWidthSupported widths the port supports, empty when the source cannot tell (sysfs)
 * @param linkSpeedSupported speeds the port supports, empty when the source cannot tell (sysfs)
 * @param linkLayer         {@code InfiniBand} or {@code Ethernet} (RoCE)
 * @param extendedCounters  true when data and packet counters are the 64-bit PortCountersExtended ones
 * @param counters          counter values by IBA name ({@link PortCounter#ibaName()}); 64-bit values are
 *                          unsigned (a negative long is a value above 2^63 - 1) and written so in JSON
 * @param peer              the port at the other end of the cable, null when not known
 */
public record PortReport(int portNumber, int lid, int smLid, PortState state, PhysicalState physicalState,
                         LinkWidth linkWidthActive, LinkSpeed linkSpeedActive,
                         Set<LinkWidth> linkWidthSupported, Set<LinkSpeed> linkSpeedSupported,
                         String linkLayer, boolean extendedCounters,
                         @JsonSerialize(using = CounterMapSerializer.class) Map<String, Long> counters,
                         PeerPort peer) {
}
