package io.fabricpulse.model.ingest;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The port at the far end of a cable.
 *
 * @param nodeGuid   GUID of the peer node
 * @param portNumber the peer's port number (for a host cable: the switch port it plugs into)
 * @param capability what the peer port supports and has enabled, as the reporting agent read it; null when it
 *                   did not (the peer's own report then says)
 */
public record PeerPort(String nodeGuid, int portNumber,
                       @JsonInclude(JsonInclude.Include.NON_NULL) PortCapability capability) {

    public PeerPort(String nodeGuid, int portNumber) {
        this(nodeGuid, portNumber, null);
    }
}
