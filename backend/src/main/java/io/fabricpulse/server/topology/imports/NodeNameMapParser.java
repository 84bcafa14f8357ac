package io.fabricpulse.server.topology.imports;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.topology.LineCursor;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads an infiniband-diags node-name-map: {@code 0xGUID "name"} per line, blank lines and {@code #}
 * comments. Stricter than rdma-core's reader on purpose, since this is an upload that replaces the
 * names in force: a line that is not a GUID and a name, an empty or overlong name, or a GUID named
 * twice is an error with its line, and then nothing is imported.
 */
public final class NodeNameMapParser {

    /** What {@code node_name.name} holds. */
    public static final int MAX_NAME = 200;

    private NodeNameMapParser() {
    }

    /** @return names by canonical node GUID, in file order */
    public static Map<String, String> parse(byte[] utf8) throws ImportException {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new HashMap<>();
        for (LineCursor<ImportException> c : TextLines.of(utf8)) {
            if (c.atEnd() || c.at('#')) {
                continue;
            }
            String guid = Guids.format(c.guidNumber("the node GUID"));
            String name = c.at('"') ? c.quoted("the node name") : c.upTo("the node name", "#");
            if (name.isBlank()) {
                throw c.error("expected the node's name after its GUID, e.g. 0x0002c903003178f0 \"leaf-1\"");
            }
            if (name.length() > MAX_NAME) {
                throw c.lineError("the name is " + name.length() + " characters long; at most " + MAX_NAME);
            }
            TextLines.expectEnd(c, "the name");
            Integer first = lineOf.putIfAbsent(guid, c.line());
            if (first != null) {
                throw c.lineError("node " + guid + " is named again (first on line " + first + ")");
            }
            names.put(guid, name.strip());
        }
        return names;
    }
}
