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
 * @param lastSeen   when it was last seen (kept to within the history's refresh interval)
 */
public record CableHistoryRow(String nodeGuid, int portNumber, String peerGuid, int peerPort, Instant firstSeen,
                              Instant lastSeen) {
}
