package io.fabricpulse.server.web.node;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.PortSeverity;

import java.util.Map;

/**
 * One port as the node page lists it and the port page heads it.
 *
 * @param port          port number
 * @param lid           LID in decimal
 * @param state         logical state
 * @param physicalState physical state
 * @param link          active width and speed ("4X EDR"), a dash when down
 * @param severity      error (errors rising or a counter saturated), warn (not Active) or ok
 * @param peerGuid      GUID of the far end, null when unknown
 * @param peerPort      port number at the far end
 * @param peer          the far end as "name[port]", a dash when unknown
 * @param symbolErrors  SymbolErrorCounter rate, events/s
 * @param symbolErrorsBad SymbolErrorCounter rises or is latched: its own cell is red, not the row's others
 * @param xmitDiscards  PortXmitDiscards rate, events/s
 * @param xmitDiscardsBad PortXmitDiscards rises or is latched
 * @param xmit          transmitted bytes/s
 * @param rcv           received bytes/s
 * @param sampledAt     time of the latest sample
 */
public record PortSummary(int port, String lid, String state, String physicalState, String link, String severity,
                          String peerGuid, int peerPort, String peer, String symbolErrors, boolean symbolErrorsBad,
                          String xmitDiscards, boolean xmitDiscardsBad, String xmit, String rcv, String sampledAt) {

    public static PortSummary of(PortView port, Map<String, NodeView> nodes, DisplayFormat format) {
        String peer = DisplayFormat.MISSING;
        if (port.peerGuid() != null) {
            NodeView peerNode = nodes.get(port.peerGuid());
            peer = (peerNode == null ? port.peerGuid() : peerNode.name()) + "[" + port.peerPort() + "]";
        }
        return new PortSummary(port.portNumber(), Integer.toString(port.lid()), format.portState(port.state()),
                format.physicalState(port.physicalState()), format.link(port.linkWidth(), port.linkSpeed()),
                PortSeverity.of(port), port.peerGuid(), port.peerPort(), peer,
                format.rate(port.rates().get(PortCounter.SymbolErrorCounter.ibaName())),
                bad(port, PortCounter.SymbolErrorCounter),
                format.rate(port.rates().get(PortCounter.PortXmitDiscards.ibaName())),
                bad(port, PortCounter.PortXmitDiscards),
                format.bytesPerSecond(port.xmitBytesPerSecond()), format.bytesPerSecond(port.rcvBytesPerSecond()),
                format.time(port.sampledAt()));
    }

    /** Whether one counter is what makes the port bad: it rises, or it is latched at its maximum. */
    private static boolean bad(PortView port, PortCounter counter) {
        Double rate = port.rates().get(counter.ibaName());
        return (rate != null && rate > 0) || port.saturated().containsKey(counter.ibaName());
    }
}
