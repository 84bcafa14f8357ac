package io.fabricpulse.agent.sim;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One cabled port of the simulated fabric. Everything that does not depend on time is fixed when
 * the fabric is built; {@link #report(double)} only evaluates the closed-form counters, so a poll
 * of a few thousand ports stays cheap.
 *
 * @param number      port number
 * @param lid         its LID (a switch port answers to the switch's LID)
 * @param smLid       the master SM's LID
 * @param switchPort  whether it belongs to a switch (whose LID stays valid while the port is down)
 * @param peer        the port at the other end of the cable
 * @param schedule    when the link is up
 * @param width       active width while up
 * @param speed       active speed while up
 * @param widths      supported widths
 * @param speeds      supported speeds
 * @param sent        the traffic this port sends
 * @param received    the traffic the peer sends, which this port receives
 * @param rising      the counter faults on this port
 * @param congestions the congestion faults on this port
 */
record SimPort(int number, int lid, int smLid, boolean switchPort, PeerPort peer, LinkSchedule schedule,
               LinkWidth width, LinkSpeed speed, Set<LinkWidth> widths, Set<LinkSpeed> speeds,
               TrafficProfile sent, TrafficProfile received, List<Fault.RisingCounter> rising,
               List<Fault.Congestion> congestions) {

    /** The simulated PortXmitWait tick: one tick per microsecond of stall (real ticks are device-specific). */
    static final double XMIT_WAIT_TICKS_PER_SECOND = 1_000_000;

    /** Multicast share of the packets a port sends and receives. */
    private static final double MULTICAST_SHARE = 0.002;

    private static final PortCounter[] COUNTERS = PortCounter.values();

    /** The port as a poll at {@code t} seconds after the start sees it. */
    PortReport report(double t) {
        boolean up = schedule.isUp(t);
        double active = schedule.activeSeconds(t);
        double[] values = new double[COUNTERS.length];
        double sentBytes = sent.bytes(active);
        double receivedBytes = received.bytes(active);
        double sentPackets = sentBytes / sent.packetBytes();
        double receivedPackets = receivedBytes / received.packetBytes();
        values[PortCounter.PortXmitData.ordinal()] = sentBytes / 4;
        values[PortCounter.PortRcvData.ordinal()] = receivedBytes / 4;
        values[PortCounter.PortXmitPkts.ordinal()] = sentPackets;
        values[PortCounter.PortRcvPkts.ordinal()] = receivedPackets;
        values[PortCounter.PortUnicastXmitPkts.ordinal()] = sentPackets * (1 - MULTICAST_SHARE);
        values[PortCounter.PortUnicastRcvPkts.ordinal()] = receivedPackets * (1 - MULTICAST_SHARE);
        values[PortCounter.PortMulticastXmitPkts.ordinal()] = sentPackets * MULTICAST_SHARE;
        values[PortCounter.PortMulticastRcvPkts.ordinal()] = receivedPackets * MULTICAST_SHARE;
        values[PortCounter.PortXmitWait.ordinal()] = sent.stalled() * XMIT_WAIT_TICKS_PER_SECOND * active;
        for (Fault.Congestion congestion : congestions) {
            values[PortCounter.PortXmitWait.ordinal()] += congestion.stalledFraction() * XMIT_WAIT_TICKS_PER_SECOND
                    * activeSince(t, active, congestion.after());
        }
        for (Fault.RisingCounter fault : rising) {
            values[fault.counter().ordinal()] += fault.perSecond() * activeSince(t, active, fault.after());
        }
        long downs = schedule.downs(t);
        values[PortCounter.LinkDownedCounter.ordinal()] += downs;
        values[PortCounter.LinkErrorRecoveryCounter.ordinal()] += downs;
        Map<String, Long> counters = new LinkedHashMap<>(COUNTERS.length * 2);
        for (PortCounter counter : COUNTERS) {
            counters.put(counter.ibaName(), latched(counter, values[counter.ordinal()]));
        }
        boolean addressed = up || switchPort;
        // Enabled as supported: what opensm leaves every port at by default (force_link_width/speed "as supported").
        return new PortReport(number, addressed ? lid : 0, addressed ? smLid : 0, up ? PortState.ACTIVE : PortState.DOWN,
                up ? PhysicalState.LINK_UP : PhysicalState.POLLING, up ? width : null, up ? speed : null, widths, speeds,
                PortReport.INFINIBAND, true, Collections.unmodifiableMap(counters), up ? peer : null, widths, speeds,
                null, null, null);
    }

    /** Seconds the link was up since {@code after}. */
    private double activeSince(double t, double active, Duration after) {
        double start = after.getSeconds() + after.getNano() / 1e9;
        return t <= start ? 0 : active - schedule.activeSeconds(start);
    }

    /** Whole counts, held at the counter's maximum once reached: IBA counters latch, they never wrap. */
    private static long latched(PortCounter counter, double value) {
        long whole = (long) Math.floor(value);
        long max = counter.max(true);
        return Long.compareUnsigned(whole, max) > 0 ? max : whole;
    }
}
