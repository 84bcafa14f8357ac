package io.fabricpulse.server.web.inventory;

/**
 * A port whose link is not what it should be.
 *
 * @param nodeGuid GUID of the port's node
 * @param nodeName display name of the node
 * @param port     port number
 * @param state    logical state / physical state ("Down / Polling")
 * @param link     active width and speed, a dash when down
 * @param reason   "width below 4X", "speed below EDR", "not Active", ...
 * @param peer     the far end as "name[port]", a dash when unknown
 * @param peerGuid GUID of the far end, null when unknown
 * @param peerPort port number at the far end
 */
public record PortDriftRow(String nodeGuid, String nodeName, int port, String state, String link, String reason,
                           String peer, String peerGuid, int peerPort) {
}
