package io.fabricpulse.agent.discovery;

import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.PortAddress;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * When a {@code discover}-role agent reads the switches' forwarding tables: every {@code interval}, and on
 * the poll after a walk that found other cables or other LIDs than the walk of the last read. A subnet
 * manager reprograms the tables after such a change, and after a LID move the old tables name other
 * ports, so the server's routes would be wrong until the next read. A zero interval turns reading off.
 */
final class ForwardingTableSchedule {

    /** What the routes depend on in one walk: the cables, and each addressable port's LID. */
    private record Shape(Set<Link> links, Map<Long, List<PortAddress>> addresses) {

        static Shape of(Topology topology) {
            Map<Long, List<PortAddress>> addresses = new HashMap<>();
            for (TopologyNode node : topology.nodes()) {
                addresses.put(node.guid(), node.addresses());
            }
            return new Shape(new HashSet<>(topology.links()), addresses);
        }
    }

    private final Duration interval;
    private Instant lastRead;
    private List<Shape> shapesAtLastRead = List.of();

    ForwardingTableSchedule(Duration interval) {
        this.interval = interval;
    }

    boolean enabled() {
        return !interval.isZero();
    }

    /**
     * True when the tables are to be read now, seen from the walks in force; {@code walked}: this poll walked
     * (only a walk can show a change, so only then are the walks compared).
     */
    boolean due(Instant now, List<Topology> planes, boolean walked) {
        if (!enabled() || planes.isEmpty()) {
            return false;
        }
        return lastRead == null || !now.isBefore(lastRead.plus(interval))
                || (walked && !shapes(planes).equals(shapesAtLastRead));
    }

    /** The tables were read at {@code at} from these walks. */
    void read(Instant at, List<Topology> planes) {
        lastRead = at;
        shapesAtLastRead = shapes(planes);
    }

    private static List<Shape> shapes(List<Topology> planes) {
        return planes.stream().map(Shape::of).toList();
    }
}
