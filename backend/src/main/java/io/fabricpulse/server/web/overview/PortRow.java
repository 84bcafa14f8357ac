package io.fabricpulse.server.web.overview;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.PortSeverity;
import io.fabricpulse.server.web.ShortNames;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One row of the ports table, already formatted: the page renders it with Thymeleaf and the live
 * stream sends it as JSON, and the browser places the same strings into the same cells.
 *
 * @param key              stable identity of the port, {@code nodeGuid:portNumber}
 * @param severity         {@code error} (an error rate above zero or a saturated counter), {@code warn}
 *                         (not Active) or {@code ok}
 * @param nodeName         short name of the node ({@link ShortNames})
 * @param nodeTitle        the node's full name and GUID, for hover
 * @param href             the port's page
 * @param nodeType         CA, Switch or Router
 * @param port             port number
 * @param lid              LID in decimal as the tools print it
 * @param state            logical state
 * @param physicalState    physical state
 * @param link             active width and speed ("4X EDR")
 * @param peer             far end of the cable, its short name
 * @param peerPort         the far end's port, "[port]", never cut off
 * @param peerTitle        the far end's full name, GUID and port, for hover
 * @param symbolErrors     SymbolErrorCounter
 * @param xmitDiscards     PortXmitDiscards
 * @param xmit             transmitted bytes per second
 * @param rcv              received bytes per second
 * @param otherSaturated   saturated counters the table has no column for, null when none
 * @param sampledAt        time of the latest sample, {@code HH:mm:ss}
 * @param sampledAtIso     the same as an ISO-8601 instant
 */
public record PortRow(String key, String severity, String nodeName, String nodeTitle, String href, String nodeType, int port,
                      String lid, String state, String physicalState, String link, String peer, String peerPort, String peerTitle,
                      CounterCell symbolErrors, CounterCell xmitDiscards, String xmit, String rcv,
                      String otherSaturated, String sampledAt, String sampledAtIso) {

    /** @param names display names by node GUID, to name the far end */
    static PortRow of(PortView port, Map<String, String> names, DisplayFormat format) {
        String peerName = port.peerGuid() == null ? null : names.getOrDefault(port.peerGuid(), port.peerGuid());
        return new PortRow(port.nodeGuid() + ":" + port.portNumber(), PortSeverity.of(port), ShortNames.of(port.nodeName()),
                port.nodeName() + " (" + port.nodeGuid() + ")", href(port), format.nodeType(port.nodeType()), port.portNumber(), Integer.toString(port.lid()),
                format.portState(port.state()), format.physicalState(port.physicalState()),
                format.link(port.linkWidth(), port.linkSpeed()),
                peerName == null ? DisplayFormat.MISSING : ShortNames.of(peerName),
                peerName == null ? "" : "[" + port.peerPort() + "]",
                peerName == null ? null : peerName + " (" + port.peerGuid() + ") port " + port.peerPort(),
                CounterCell.of(port, PortCounter.SymbolErrorCounter, format),
                CounterCell.of(port, PortCounter.PortXmitDiscards, format),
                format.bytesPerSecond(port.xmitBytesPerSecond()), format.bytesPerSecond(port.rcvBytesPerSecond()),
                otherSaturated(port.saturated().keySet()), format.time(port.sampledAt()), format.isoTime(port.sampledAt()));
    }

    /**
     * The port page's path, for links that live updates rewrite. Without the context path: the server runs
     * at the root (a proxy that moves it must rewrite paths anyway).
     */
    static String href(PortView port) {
        return "/nodes/" + port.nodeGuid() + "/ports/" + port.portNumber();
    }

    private static String otherSaturated(Set<String> saturated) {
        Set<String> others = new TreeSet<>(saturated);
        others.remove(PortCounter.SymbolErrorCounter.ibaName());
        others.remove(PortCounter.PortXmitDiscards.ibaName());
        return others.isEmpty() ? null : "Also latched at their maximum: " + String.join(", ", others);
    }
}
