package io.fabricpulse.server.topology.store;

import java.time.Instant;

/**
 * One port end of the {@code cable_history} table: the port was seen linked to the peer.
 *
 * @param nodeGuid   the port's node
 * @param portNumber the port
 * @param peerGuid   the node at the far end of the cable
 * @param peerPort   the far end's port
 * @param firstSeen  when the link was first seen
 * @param lastSeen   when it was last seen (kept to within the history's refresh interval; exact once lost)
 * @param lostAt     when it was seen gone (the first report of an end without it), null while in place or when it
 *                   went without a report saying so
 */
public record CableHistoryRow(String nodeGuid, int portNumber, String peerGuid, int peerPort, Instant firstSeen,
                              Instant lastSeen, Instant lostAt) {

    /** A cable in place. */
    public CableHistoryRow(String nodeGuid, int portNumber, String peerGuid, int peerPort, Instant firstSeen,
                           Instant lastSeen) {
        this(nodeGuid, portNumber, peerGuid, peerPort, firstSeen, lastSeen, null);
    }
}
