package io.fabricpulse.server.topology;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortState;

import java.time.Instant;

/**
 * A port without a cable up: the topology and inventory pages list them, the alerts only where a cable
 * belongs by the history or the baseline.
 *
 * @param nodeGuid      the port's node
 * @param nodeName      its display name
 * @param nodeType      CA or SWITCH
 * @param port          the port number
 * @param status        {@code disabled} (PhysLinkState Disabled) or {@code not linked} (Down: Polling, Sleep, ...)
 * @param state         logical state as reported, null when reserved
 * @param physicalState physical state as reported
 * @param lastPeerGuid  where the history says its cable went, null for a port never linked (an empty port)
 * @param lastPeerName  that node's display name, null likewise
 * @param lastPeerPort  that node's port, 0 likewise
 * @param lastSeen      when that cable was last seen up (to within an hour), null likewise
 */
public record UnlinkedPort(String nodeGuid, String nodeName, NodeType nodeType, int port, String status,
                           PortState state, PhysicalState physicalState, String lastPeerGuid, String lastPeerName,
                           int lastPeerPort, Instant lastSeen) {

    /** A cable belongs here by the history or the baseline: the port is a lost cable, and alerts. */
    public boolean cableExpected() {
        return lastPeerGuid != null;
    }
}
