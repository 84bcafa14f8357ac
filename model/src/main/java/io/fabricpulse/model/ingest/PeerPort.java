package io.fabricpulse.model.ingest;

/**
 * The port at the far end of a cable.
 *
 * @param nodeGuid   GUID of the peer node
 * @param portNumber the peer's port number (for a host cable: the switch port it plugs into)
 */
public record PeerPort(String nodeGuid, int portNumber) {
}
