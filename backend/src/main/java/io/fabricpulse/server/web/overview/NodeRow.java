package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.web.DisplayFormat;

/**
 * One row of the nodes table.
 *
 * @param name        display name
 * @param type        CA, Switch or Router
 * @param guid        node GUID
 * @param ports       number of ports known
 * @param lastSeen    when the latest report about the node was collected, {@code HH:mm:ss}
 * @param lastSeenIso the same as an ISO-8601 instant
 */
public record NodeRow(String name, String type, String guid, int ports, String lastSeen, String lastSeenIso) {

    static NodeRow of(NodeView node, DisplayFormat format) {
        return new NodeRow(node.name(), format.nodeType(node.type()), node.guid(), node.portCount(),
                format.time(node.lastSeen()), format.isoTime(node.lastSeen()));
    }
}
