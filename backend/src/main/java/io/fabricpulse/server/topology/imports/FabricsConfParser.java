package io.fabricpulse.server.topology.imports;

import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.topology.LineCursor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the cluster groups of an ibcheck {@code fabrics.conf}: {@code [cluster]} section headers, each
 * followed by {@code GUID = name} lines (the name is the node's, for ibcheck's output; it may be
 * left out here), blank lines and {@code #} comments. A node may be in several clusters (a cluster and
 * its super-cluster). Anything else is an error with its line, and then nothing is imported.
 */
public final class FabricsConfParser {

    static final int MAX_CLUSTER = 100;
    private static final Pattern CLUSTER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    private FabricsConfParser() {
    }

    /**
     * One cluster and its members.
     *
     * @param name      the section's name
     * @param nodeGuids canonical node GUIDs, in file order, each once
     */
    public record Cluster(String name, List<String> nodeGuids) {
    }

    /** @return the clusters in file order; a section given twice adds to the first */
    public static List<Cluster> parse(byte[] utf8) throws ImportException {
        Map<String, List<String>> clusters = new LinkedHashMap<>();
        Map<String, Set<String>> seen = new LinkedHashMap<>();
        String current = null;
        for (LineCursor<ImportException> c : TextLines.of(utf8)) {
            if (c.atEnd() || c.at('#')) {
                continue;
            }
            if (c.consume('[')) {
                String name = c.upTo("the cluster name", "]");
                if (!c.consume(']')) {
                    throw c.error("the section header's ']' is missing");
                }
                if (!CLUSTER.matcher(name).matches()) {
                    throw c.lineError("cluster name '" + name + "' must be 1 to " + MAX_CLUSTER
                            + " letters, digits or . _ - (starting with a letter or digit)");
                }
                TextLines.expectEnd(c, "the section header");
                current = name;
                clusters.computeIfAbsent(name, n -> new ArrayList<>());
                seen.computeIfAbsent(name, n -> new HashSet<>());
                continue;
            }
            if (current == null) {
                throw c.lineError("a node line before the first [cluster] header: which cluster is it in?");
            }
            String guid = Guids.format(c.guidNumber("the node GUID"));
            if (c.consume('=')) {
                c.upTo("the node name", "#");
            }
            TextLines.expectEnd(c, "the node");
            if (seen.get(current).add(guid)) {
                clusters.get(current).add(guid);
            }
        }
        List<Cluster> result = new ArrayList<>();
        clusters.forEach((name, guids) -> result.add(new Cluster(name, List.copyOf(guids))));
        return result;
    }
}
