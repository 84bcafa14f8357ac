package io.fabricpulse.server.topology.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A topology: nodes by GUID and the cables between their ports. Immutable; every link end is a port
 * of a listed node and no port has two cables, whether the model comes from a file, JSON or the
 * live reports.
 *
 * @param nodes by node GUID, sorted
 * @param links sorted by their lower end
 */
public record FabricModel(Map<String, FabricNode> nodes, List<FabricLink> links) {

    public FabricModel {
        nodes = Collections.unmodifiableMap(new TreeMap<>(nodes));
        List<FabricLink> sorted = new ArrayList<>(links);
        sorted.sort((x, y) -> x.a().end().compareTo(y.a().end()));
        links = List.copyOf(sorted);
        Map<PortEnd, FabricLink> byEnd = new HashMap<>();
        for (FabricLink link : links) {
            for (LinkEndState end : List.of(link.a(), link.b())) {
                if (!nodes.containsKey(end.end().nodeGuid())) {
                    throw new IllegalArgumentException("link end " + end.end() + " is on no listed node");
                }
                if (byEnd.put(end.end(), link) != null) {
                    throw new IllegalArgumentException("port " + end.end() + " has two cables");
                }
            }
        }
    }

    public static FabricModel of(Collection<FabricNode> nodes, List<FabricLink> links) {
        Map<String, FabricNode> byGuid = new HashMap<>();
        nodes.forEach(node -> byGuid.put(node.guid(), node));
        return new FabricModel(byGuid, links);
    }

    /** The cable plugged into {@code end}. */
    public Optional<FabricLink> linkAt(PortEnd end) {
        return links.stream().filter(l -> l.a().end().equals(end) || l.b().end().equals(end)).findFirst();
    }

    /** Cables by each of their ends, for lookups in a loop. */
    public Map<PortEnd, FabricLink> linksByEnd() {
        Map<PortEnd, FabricLink> byEnd = new HashMap<>();
        for (FabricLink link : links) {
            byEnd.put(link.a().end(), link);
            byEnd.put(link.b().end(), link);
        }
        return byEnd;
    }
}
