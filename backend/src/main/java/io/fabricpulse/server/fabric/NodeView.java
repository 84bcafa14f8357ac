package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.NodeType;

import java.time.Instant;

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
 */
public record NodeView(String guid, String name, NodeType type, String description, String hcaType,
                       String firmware, int portCount, Instant lastSeen) {
}
