package io.fabricpulse.model.ingest;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * Identity of one node (HCA or switch) and the ports the poll read on it. The fields after {@code ports}
 * came later and are optional (absent from the JSON when null).
 *
 * @param guid            node GUID, {@code 0x} and 16 lower-case hex digits (see {@link Guids})
 * @param systemImageGuid system image GUID, same format; may be null when the source does not know it
 * @param type            CA or SWITCH
 * @param description     node description (what {@code smpquery nodedesc} / sysfs {@code node_desc} say)
 * @param hcaType         HCA model (sysfs {@code hca_type}), null when unknown
 * @param firmware        firmware version, null when unknown
 * @param boardId         board id (PSID), null when unknown
 * @param ports           ports read in this poll
 * @param vendorId        NodeInfo.VendorID (an IEEE OUI, 24 bits), null when unknown
 * @param deviceId        NodeInfo.DeviceID (16 bits), null when unknown
 * @param revision        NodeInfo.Revision (32 bits), null when unknown
 * @param numPorts        NodeInfo.NumPorts: physical ports, null when unknown
 * @param ipoib           the host's IPoIB interfaces on this node's ports, null when the source cannot see them
 * @param faults          reserved or impossible values in the node's answers; null when none
 * @param forwardingTable a switch's unicast forwarding table, from a {@code discover}-role agent on the polls that
 *                        read the tables; null otherwise
 */
public record NodeReport(String guid, String systemImageGuid, NodeType type, String description,
                         String hcaType, String firmware, String boardId, List<PortReport> ports,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Integer vendorId,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Integer deviceId,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long revision,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Integer numPorts,
                         @JsonInclude(JsonInclude.Include.NON_NULL) List<IpoibInterface> ipoib,
                         @JsonInclude(JsonInclude.Include.NON_NULL) List<FieldFault> faults,
                         @JsonInclude(JsonInclude.Include.NON_NULL) ForwardingTable forwardingTable) {

    /** A report with what every agent has sent since the first schema: identity and ports only. */
    public NodeReport(String guid, String systemImageGuid, NodeType type, String description,
                      String hcaType, String firmware, String boardId, List<PortReport> ports) {
        this(guid, systemImageGuid, type, description, hcaType, firmware, boardId, ports, null, null, null, null,
                null, null);
    }

    /** A report without a forwarding table: what every node report but a switch's after a table read is. */
    public NodeReport(String guid, String systemImageGuid, NodeType type, String description,
                      String hcaType, String firmware, String boardId, List<PortReport> ports, Integer vendorId,
                      Integer deviceId, Long revision, Integer numPorts, List<IpoibInterface> ipoib,
                      List<FieldFault> faults) {
        this(guid, systemImageGuid, type, description, hcaType, firmware, boardId, ports, vendorId, deviceId,
                revision, numPorts, ipoib, faults, null);
    }

    /** This report with other ports. */
    public NodeReport withPorts(List<PortReport> newPorts) {
        return new NodeReport(guid, systemImageGuid, type, description, hcaType, firmware, boardId, newPorts,
                vendorId, deviceId, revision, numPorts, ipoib, faults, forwardingTable);
    }

    /** This report carrying {@code table}. */
    public NodeReport withForwardingTable(ForwardingTable table) {
        return new NodeReport(guid, systemImageGuid, type, description, hcaType, firmware, boardId, ports,
                vendorId, deviceId, revision, numPorts, ipoib, faults, table);
    }
}
