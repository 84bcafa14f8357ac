package io.fabricpulse.model.ingest;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The port at the far end of a cable.
 *
 * @param nodeGuid   GUID of the peer node
 * @param portNumber the peer's port number (for a host cable: the switch port it plugs into)
 * @param capability what the peer port supports and has enabled, as the reporting agent read it; null when it
 *                   did not (the peer's own report then says)
 * @param lid        the peer port's LID as the reporting agent's walk read it (a switch's port 0 LID for a
 *                   switch); what names a host that runs no agent in the forwarding tables. Null when not known
 */
public record PeerPort(String nodeGuid, int portNumber,
                       @JsonInclude(JsonInclude.Include.NON_NULL) PortCapability capability,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Integer lid) {

    public PeerPort(String nodeGuid, int portNumber) {
        this(nodeGuid, portNumber, null, null);
    }

    public PeerPort(String nodeGuid, int portNumber, PortCapability capability) {
        this(nodeGuid, portNumber, capability, null);
    }
}
