package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.FieldFault;
import io.fabricpulse.model.ingest.IpoibInterface;
import io.fabricpulse.model.ingest.NodeType;

import java.time.Instant;
import java.util.List;

/**
 * A node as the API and pages show it.
 *
 * @param guid        node GUID ({@code 0x} + 16 hex digits)
 * @param name        display name: node-name-map entry if any, else the node description, else the GUID
 * @param type        CA or SWITCH
 * @param description node description as reported
 * @param hcaType     HCA model when reported
 * @param firmware    firmware version when reported
 * @param portCount   number of ports known
 * @param lastSeen    when the latest report about this node was collected
 * @param vendorId    NodeInfo.VendorID when reported
 * @param deviceId    NodeInfo.DeviceID when reported
 * @param revision    NodeInfo.Revision when reported
 * @param numPorts    NodeInfo.NumPorts when reported
 * @param boardId     board id (PSID) when reported
 * @param ipoib       the IPoIB interfaces on this node's ports when a host's agent reports them, else null
 * @param faults      reserved or impossible values in the node's answers, null when none
 */
public record NodeView(String guid, String name, NodeType type, String description, String hcaType,
                       String firmware, int portCount, Instant lastSeen, Integer vendorId, Integer deviceId,
                       Long revision, Integer numPorts, String boardId, List<IpoibInterface> ipoib,
                       List<FieldFault> faults) {

    /** A node known by its identity and firmware only. */
    public NodeView(String guid, String name, NodeType type, String description, String hcaType,
                    String firmware, int portCount, Instant lastSeen) {
        this(guid, name, type, description, hcaType, firmware, portCount, lastSeen, null, null, null, null, null, null,
                null);
    }

    /** This view with another name, port count and time of the latest report. */
    public NodeView with(String newName, int newPortCount, Instant newLastSeen) {
        return new NodeView(guid, newName, type, description, hcaType, firmware, newPortCount, newLastSeen, vendorId,
                deviceId, revision, numPorts, boardId, ipoib, faults);
    }
}
