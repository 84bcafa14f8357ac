package io.fabricpulse.agent.discovery;

import io.fabricpulse.model.topology.TopologyNode;

/**
 * A NodeDescription as ibnetdiscover prints it: its 64 bytes up to the first NUL, every byte that is
 * not printable ASCII shown as a blank (infiniband-diags' {@code clean_nodedesc}). Two things the
 * topology format cannot hold are changed where ibnetdiscover would print them raw: a double quote
 * becomes a single quote, and an empty description becomes the node's id ({@code H-<guid>}), as
 * ibsim names nodes without one.
 */
final class NodeDescriptions {

    private NodeDescriptions() {
    }

    /** {@code raw} is the attribute's bytes up to the first NUL, read one char per byte (ISO-8859-1). */
    static String clean(String raw, String nodeId) {
        StringBuilder text = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            text.append(c == '"' ? '\'' : c >= 0x20 && c < 0x7f ? c : ' ');
        }
        String clean = text.toString();
        return clean.isEmpty() || !TopologyNode.isValidDescription(clean) ? nodeId : clean;
    }
}
