package io.fabricpulse.model.ingest;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * Identity of one node (HCA or switch) and the ports the poll read on it.
 *
 * @param guid            node GUID, {@code 0x} and 16 lower-case hex digits (see {@link Guids})
 * @param systemImageGuid system image GUID, same format; may be null when the source does not know it
 * @param type            CA or SWITCH
 * @param description     node description (what {@code smpquery nodedesc} / sysfs {@code node_desc} say)
 * @param hcaType         HCA model (sysfs {@code hca_type}), null when unknown
 * @param firmware        firmware version, null when unknown
 * @param boardId         board id (PSID), null when unknown
 * @param ports           ports read in this poll
 * @param forwardingTable optional: a switch's unicast forwarding table, from a {@code discover}-role agent on the
 *                        polls that read the tables; null (absent from the JSON) otherwise
 */
public record NodeReport(String guid, String systemImageGuid, NodeType type, String description,
                         String hcaType, String firmware, String boardId, List<PortReport> ports,
                         @JsonInclude(JsonInclude.Include.NON_NULL) ForwardingTable forwardingTable) {

    /** A report without a forwarding table: what every node report but a switch's after a table read is. */
    public NodeReport(String guid, String systemImageGuid, NodeType type, String description,
                      String hcaType, String firmware, String boardId, List<PortReport> ports) {
        this(guid, systemImageGuid, type, description, hcaType, firmware, boardId, ports, null);
    }
}
