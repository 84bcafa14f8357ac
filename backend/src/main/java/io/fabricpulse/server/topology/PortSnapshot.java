package io.fabricpulse.server.topology;

import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.topology.model.PortEnd;

import java.util.Map;

/**
 * What cables' health is read from: the ports at their ends and each port's errors per second over the minute
 * before, either the live fabric's ({@link TopologyViews#live()}) or as they were at a past instant (the
 * {@code history} feature builds those from stored history), so one {@link LinkHealth} decides both.
 *
 * @param ports  the ports by end; an end that is absent is one nothing is known of
 * @param recent each port's errors per second over the minute before
 */
public record PortSnapshot(Map<PortEnd, PortView> ports, LinkHealth.RecentErrors recent) {

    /** The port at {@code nodeGuid}:{@code port}, null when unknown. */
    public PortView port(String nodeGuid, int port) {
        return ports.get(new PortEnd(nodeGuid, port));
    }
}
