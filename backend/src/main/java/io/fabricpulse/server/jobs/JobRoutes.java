package io.fabricpulse.server.jobs;

import io.fabricpulse.server.routes.RouteService;
import io.fabricpulse.server.routes.RouteStatus;
import io.fabricpulse.server.routes.RouteTable;
import io.fabricpulse.server.topology.model.PortEnd;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Jobs on routes: the cable directions the routes between a job's nodes cross, from the routes in force
 * (the job's pairs are all pairs of its CAs' ports on different nodes, both ways). Remembered per job for
 * as long as the same routes are in force, so a page or an alert asking again costs a map lookup.
 */
@Component
public class JobRoutes {

    private static final int REMEMBERED = 4096;

    private final RouteService routes;
    private RouteTable cachedFor;
    private final Map<Set<String>, Map<PortEnd, Integer>> cache = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Set<String>, Map<PortEnd, Integer>> eldest) {
            return size() > REMEMBERED;
        }
    };

    public JobRoutes(RouteService routes) {
        this.routes = routes;
    }

    public RouteStatus status() {
        return routes.status();
    }

    public RouteTable table() {
        return routes.current();
    }

    /** Pairs of the job's CAs over each cable direction, keyed by the port the direction leaves from. */
    public synchronized Map<PortEnd, Integer> crossings(Set<String> fabricNodes) {
        RouteTable table = routes.current();
        if (table != cachedFor) {
            cache.clear();
            cachedFor = table;
        }
        return cache.computeIfAbsent(Set.copyOf(fabricNodes), nodes -> table.crossings(table.endpointsOf(nodes)));
    }

    /** The cable directions the job's routes cross, both ends named, most pairs first. */
    public List<RouteTable.Crossing> crossingList(Set<String> fabricNodes) {
        RouteTable table = routes.current();
        return table.crossingList(table.endpointsOf(fabricNodes));
    }

    /** The job's pairs over the cable between {@code a} and {@code b}: leaving a, leaving b. */
    public int[] pairsOver(Set<String> fabricNodes, PortEnd a, PortEnd b) {
        Map<PortEnd, Integer> crossed = crossings(fabricNodes);
        return new int[] {crossed.getOrDefault(a, 0), crossed.getOrDefault(b, 0)};
    }
}
