package io.fabricpulse.server.topology.model;

import io.fabricpulse.model.ingest.NodeType;

/**
 * A node of a topology (the live one or a baseline).
 *
 * @param guid        canonical node GUID
 * @param type        CA, SWITCH or ROUTER
 * @param description node description, null when unknown
 * @param numPorts    highest port number known on it (a file's port count; live: the highest port seen)
 */
public record FabricNode(String guid, NodeType type, String description, int numPorts) {
}
