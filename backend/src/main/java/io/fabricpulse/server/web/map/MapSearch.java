package io.fabricpulse.server.web.map;

import io.fabricpulse.server.topology.TopologyDocument;

import java.util.Locale;

/** What the map's search box lands on: a LID, then a node GUID, then an exact name, then a part of a name. */
final class MapSearch {

    private MapSearch() {
    }

    /** @param q the search, lower case and without surrounding blanks */
    static TopologyDocument.Node find(String q, TopologyDocument doc) {
        if (q.matches("\\d{1,5}")) {
            int lid = Integer.parseInt(q);
            for (TopologyDocument.Link link : doc.links()) {
                for (TopologyDocument.End end : new TopologyDocument.End[] {link.a(), link.b()}) {
                    if (end.lid() == lid) {
                        return node(end.nodeGuid(), doc);
                    }
                }
            }
        }
        String guid = q.replaceFirst("^0x", "").replaceFirst("^0+(?=.)", "");
        for (TopologyDocument.Node node : doc.nodes()) {
            if (node.guid().replaceFirst("^0x", "").replaceFirst("^0+(?=.)", "").equals(guid)) {
                return node;
            }
        }
        TopologyDocument.Node partly = null;
        for (TopologyDocument.Node node : doc.nodes()) {
            String name = node.name().toLowerCase(Locale.ROOT);
            if (name.equals(q)) {
                return node;
            }
            if (partly == null && name.contains(q)) {
                partly = node;
            }
        }
        return partly;
    }

    private static TopologyDocument.Node node(String guid, TopologyDocument doc) {
        return doc.nodes().stream().filter(n -> n.guid().equals(guid)).findFirst().orElse(null);
    }
}
