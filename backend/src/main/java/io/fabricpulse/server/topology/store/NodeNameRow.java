package io.fabricpulse.server.topology.store;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.server.state.StateText;

import java.time.Instant;

/**
 * A name people gave a node (a node-name-map line {@code 0xGUID "name"}), as {@code node_name} has it.
 *
 * @param nodeGuid  the node, canonical ({@code 0x} and 16 lower-case hex digits)
 * @param name      its name, 1 to 200 characters without control characters
 * @param source    where the entry came from, e.g. {@code node-name-map} or {@code api}
 * @param updatedAt when it was last written
 */
public record NodeNameRow(String nodeGuid, String name, String source, Instant updatedAt) {

    static final int MAX_NAME = 200;
    static final int MAX_SOURCE = 64;

    public NodeNameRow {
        if (!Guids.isCanonical(nodeGuid)) {
            throw new IllegalArgumentException("node name: GUID '" + nodeGuid + "' is not 0x and 16 lower-case hex digits");
        }
        StateText.require("node name of " + nodeGuid, name, MAX_NAME);
        StateText.require("node name source", source, MAX_SOURCE);
        if (updatedAt == null) {
            throw new IllegalArgumentException("node name of " + nodeGuid + ": updatedAt is required");
        }
    }
}
