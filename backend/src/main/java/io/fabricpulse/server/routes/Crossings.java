package io.fabricpulse.server.routes;

import io.fabricpulse.server.topology.model.PortEnd;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The cable directions the routes among a set of endpoints cross (a job's hosts, both ways between every
 * two of them on different nodes), with the pairs over each. Per destination in the set, the sources' first
 * switches are counted, then the switches their routes touch are visited by falling distance, each passing
 * its count to its out-port: the same sum as the table's own per-link counts, over the set only.
 */
final class Crossings {

    private final RouteTable t;
    private final int[] entering;
    private final int[] seen;
    private final int[][] byHops = new int[RouteTable.MAX_HOPS + 1][];
    private final int[] sizes = new int[RouteTable.MAX_HOPS + 1];
    private int stamp;

    Crossings(RouteTable table) {
        this.t = table;
        this.entering = new int[table.switches()];
        this.seen = new int[table.switches()];
    }

    Map<PortEnd, Integer> of(int[] endpoints) {
        int[] switchOut = new int[t.switchEgress.length];
        int[] endpointOut = new int[t.endpoints()];
        int switches = t.switches();
        for (int d : endpoints) {
            if (t.endpointLid[d] <= 0) {
                continue;
            }
            stamp++;
            Arrays.fill(sizes, 0);
            int lid = t.endpointLid[d];
            for (int e : endpoints) {
                if (e == d || t.endpointNodeIndex[e] == t.endpointNodeIndex[d]) {
                    continue;
                }
                int first = t.endpointCable[e];
                if (first == RouteTable.endpoint(d)) {
                    endpointOut[e]++;
                } else if (first >= 0 && t.hopsTo(d, first >> 8) > 0) {
                    endpointOut[e]++;
                    enter(first >> 8, 1, t.hopsTo(d, first >> 8));
                }
            }
            for (int h = RouteTable.MAX_HOPS; h >= 1; h--) {
                for (int i = 0; i < sizes[h]; i++) {
                    int s = byHops[h][i];
                    int port = t.tables[s].portOf(lid);
                    switchOut[t.portBase[s] + port] += entering[s];
                    int next = t.neighbour(s, port);
                    if (next >= 0) {
                        int y = next >> 8;
                        enter(y, entering[s], t.hopsTo(d, y));
                    }
                }
            }
        }
        Map<PortEnd, Integer> crossed = new HashMap<>();
        for (int s = 0; s < switches; s++) {
            for (int port = 0; port <= t.switchPorts[s]; port++) {
                int pairs = switchOut[t.portBase[s] + port];
                if (pairs > 0) {
                    crossed.put(t.switchPortEnd(s, port), pairs);
                }
            }
        }
        for (int e = 0; e < endpointOut.length; e++) {
            if (endpointOut[e] > 0) {
                crossed.put(t.endpointEnd(e), endpointOut[e]);
            }
        }
        return crossed;
    }

    /** Adds {@code pairs} entering switch {@code s}, at {@code hops} from the destination; first time: queued. */
    private void enter(int s, int pairs, int hops) {
        if (seen[s] != stamp) {
            seen[s] = stamp;
            entering[s] = 0;
            if (byHops[hops] == null || byHops[hops].length == sizes[hops]) {
                byHops[hops] = byHops[hops] == null ? new int[8] : Arrays.copyOf(byHops[hops], 2 * sizes[hops]);
            }
            byHops[hops][sizes[hops]++] = s;
        }
        entering[s] += pairs;
    }
}
