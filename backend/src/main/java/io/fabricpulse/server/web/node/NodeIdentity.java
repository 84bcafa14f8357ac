package io.fabricpulse.server.web.node;

import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.web.DisplayFormat;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Who a node is.
 *
 * @param guid        node GUID
 * @param name        display name
 * @param type        CA, Switch or Router
 * @param description node description as reported, a dash when none
 * @param hcaType     HCA type or switch model, a dash when not reported
 * @param firmware    firmware version, a dash when not reported
 * @param lids        the LIDs of its ports (a switch has one, on port 0; a CA one per port), a dash when none
 * @param ports       ports known
 * @param lastSeen    when the latest report about it was collected
 */
public record NodeIdentity(String guid, String name, String type, String description, String hcaType,
                           String firmware, String lids, int ports, String lastSeen) {

    static NodeIdentity of(NodeView node, List<PortView> ports, DisplayFormat format) {
        String lids = ports.stream().map(PortView::lid).filter(lid -> lid > 0).distinct().sorted()
                .map(String::valueOf).collect(Collectors.joining(", "));
        return new NodeIdentity(node.guid(), node.name(), format.nodeType(node.type()), orDash(node.description()),
                orDash(node.hcaType()), orDash(node.firmware()), lids.isEmpty() ? DisplayFormat.MISSING : lids,
                node.portCount(), format.dateTime(node.lastSeen()));
    }

    private static String orDash(String text) {
        return text == null || text.isBlank() ? DisplayFormat.MISSING : text;
    }
}
