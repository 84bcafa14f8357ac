package io.fabricpulse.server.routes;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.FabricNode;
import io.fabricpulse.server.topology.model.LinkEndState;
import io.fabricpulse.server.topology.model.PortEnd;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static io.fabricpulse.server.routes.RouteTable.NONE;

/**
 * Builds a {@link RouteTable} from the live topology (switches, cables, each port's LID) and the switches'
 * forwarding tables: first each switch's distance to every destination (one byte per pair of switch and
 * destination, a walk down the tables that stops at the first switch already resolved, so each switch is
 * resolved once per destination), then per destination the host pairs over each cable direction, summed
 * down the destination's tree from the farthest switch inwards. Cost: switches × destinations for both (the
 * second counts a destination's sources per first switch, not one by one); no allocation per pair.
 */
final class RouteBuilder {

    private static final int MAX_NOTES = 20;

    private RouteBuilder() {
    }

    /** The arrays of a table, in the order {@link RouteTable} takes them. */
    record Parts(String[] switchGuid, String[] switchName, int[] switchLid, int[] switchPorts, SwitchTable[] tables,
                 int[] portBase, int[] cable, String[] endpointNode, String[] endpointName, int[] endpointPort,
                 int[] endpointLid, boolean[] endpointHost, int[] endpointNodeIndex, int[] endpointCable, byte[] hops,
                 int[] switchEgress, int[] endpointEgress, Map<Integer, Integer> endpointByLid,
                 Map<Integer, Integer> switchByLid, Map<String, Integer> switchByGuid,
                 Map<PortEnd, Integer> endpointByPort) {
    }

    static RouteTable build(FabricModel model, Map<String, SwitchTable> tables, Instant at) {
        return build(model, tables, guid -> null, at);
    }

    /**
     * @param names the display name of a node, null for its description
     */
    static RouteTable build(FabricModel model, Map<String, SwitchTable> tables, Function<String, String> names,
                            Instant at) {
        long started = System.nanoTime();
        List<String> notes = new ArrayList<>();
        List<FabricNode> switchNodes = model.nodes().values().stream().filter(n -> n.type() == NodeType.SWITCH).toList();
        int switches = switchNodes.size();
        String[] switchGuid = new String[switches];
        String[] switchName = new String[switches];
        int[] switchLid = new int[switches];
        int[] switchPorts = new int[switches];
        SwitchTable[] switchTables = new SwitchTable[switches];
        Map<String, Integer> switchByGuid = new HashMap<>();
        for (int s = 0; s < switches; s++) {
            FabricNode node = switchNodes.get(s);
            switchGuid[s] = node.guid();
            switchName[s] = name(node, names);
            switchPorts[s] = Math.min(254, node.numPorts());
            switchTables[s] = tables.get(node.guid());
            switchByGuid.put(node.guid(), s);
        }

        // endpoints: the non-switch end of every cable
        List<LinkEndState> endpointEnds = new ArrayList<>();
        for (FabricLink link : model.links()) {
            for (LinkEndState end : List.of(link.a(), link.b())) {
                Integer s = switchByGuid.get(end.end().nodeGuid());
                if (s == null) {
                    endpointEnds.add(end);
                } else {
                    switchPorts[s] = Math.max(switchPorts[s], end.end().port());
                    if (end.lid() > 0) {
                        switchLid[s] = end.lid();
                    }
                }
            }
        }
        int endpoints = endpointEnds.size();
        String[] endpointNode = new String[endpoints];
        String[] endpointName = new String[endpoints];
        int[] endpointPort = new int[endpoints];
        int[] endpointLid = new int[endpoints];
        boolean[] endpointHost = new boolean[endpoints];
        int[] endpointNodeIndex = new int[endpoints];
        Map<PortEnd, Integer> endpointByPort = new HashMap<>();
        Map<String, Integer> nodeIndex = new HashMap<>();
        for (int e = 0; e < endpoints; e++) {
            LinkEndState end = endpointEnds.get(e);
            FabricNode node = model.nodes().get(end.end().nodeGuid());
            endpointNode[e] = node.guid();
            endpointName[e] = name(node, names);
            endpointPort[e] = end.end().port();
            endpointLid[e] = end.lid();
            endpointHost[e] = node.type() == NodeType.CA;
            endpointNodeIndex[e] = nodeIndex.computeIfAbsent(node.guid(), g -> nodeIndex.size());
            endpointByPort.put(end.end(), e);
        }

        int[] portBase = new int[switches + 1];
        for (int s = 0; s < switches; s++) {
            if (switchLid[s] == 0 && switchTables[s] != null) {
                switchLid[s] = switchTables[s].lid();
            }
            portBase[s + 1] = portBase[s] + switchPorts[s] + 1;
        }
        int[] cable = new int[portBase[switches]];
        Arrays.fill(cable, NONE);
        int[] endpointCable = new int[endpoints];
        Arrays.fill(endpointCable, NONE);
        for (FabricLink link : model.links()) {
            int a = encode(link.a().end(), switchByGuid, endpointByPort);
            int b = encode(link.b().end(), switchByGuid, endpointByPort);
            attach(a, b, portBase, cable, endpointCable);
            attach(b, a, portBase, cable, endpointCable);
        }

        Map<Integer, Integer> switchByLid = new HashMap<>();
        Map<Integer, Integer> endpointByLid = new HashMap<>();
        for (int s = 0; s < switches; s++) {
            if (switchLid[s] > 0 && switchByLid.putIfAbsent(switchLid[s], s) != null) {
                note(notes, "LID %d is claimed by switches %s and %s".formatted(switchLid[s],
                        switchGuid[switchByLid.get(switchLid[s])], switchGuid[s]));
            }
            checkTable(s, switchGuid, switchLid, switchTables, notes);
        }
        for (int e = 0; e < endpoints; e++) {
            if (endpointLid[e] <= 0) {
                continue;
            }
            Integer owner = switchByLid.get(endpointLid[e]);
            Integer other = endpointByLid.putIfAbsent(endpointLid[e], e);
            if (owner != null || other != null) {
                note(notes, "LID %d is claimed by %s and %s[%d]".formatted(endpointLid[e],
                        owner != null ? switchGuid[owner] : endpointNode[other] + "[" + endpointPort[other] + "]",
                        endpointNode[e], endpointPort[e]));
            }
        }

        boolean anyTable = anyTable(switchTables); // without one, every hop is "no table": no array (RouteTable.hopsTo)
        Parts parts = new Parts(switchGuid, switchName, switchLid, switchPorts, switchTables, portBase, cable,
                endpointNode, endpointName, endpointPort, endpointLid, endpointHost, endpointNodeIndex, endpointCable,
                new byte[anyTable ? endpoints * switches : 0], new int[cable.length], new int[endpoints],
                Map.copyOf(endpointByLid),
                Map.copyOf(switchByLid), Map.copyOf(switchByGuid), Map.copyOf(endpointByPort));
        RouteTable unfinished = new RouteTable(parts, null);
        Totals totals = new Totals();
        if (anyTable) {
            resolveHops(unfinished, parts.hops());
        }
        countPairs(unfinished, totals);
        Instant oldest = null;
        Instant newest = null;
        int present = 0;
        for (SwitchTable table : switchTables) {
            if (table != null) {
                present++;
                oldest = oldest == null || table.readAt().isBefore(oldest) ? table.readAt() : oldest;
                newest = newest == null || table.readAt().isAfter(newest) ? table.readAt() : newest;
            }
        }
        int hosts = 0;
        for (int e = 0; e < endpoints; e++) {
            hosts += endpointHost[e] && endpointLid[e] > 0 ? 1 : 0;
        }
        RouteSummary summary = new RouteSummary(at, switches, present, hosts, totals.routed, totals.unrouted,
                totals.routed == 0 ? 0 : (double) totals.hopSum / totals.routed, totals.maxHops, oldest, newest,
                totals.examples, notes, System.nanoTime() - started);
        return new RouteTable(parts, summary);
    }

    private static boolean anyTable(SwitchTable[] tables) {
        for (SwitchTable table : tables) {
            if (table != null) {
                return true;
            }
        }
        return false;
    }

    private static String name(FabricNode node, Function<String, String> names) {
        String mapped = names.apply(node.guid());
        if (mapped != null) {
            return mapped;
        }
        return node.description() == null || node.description().isBlank() ? node.guid() : node.description().strip();
    }

    private static int encode(PortEnd end, Map<String, Integer> switchByGuid, Map<PortEnd, Integer> endpointByPort) {
        Integer s = switchByGuid.get(end.nodeGuid());
        return s != null ? RouteTable.switchPort(s, end.port()) : RouteTable.endpoint(endpointByPort.get(end));
    }

    private static void attach(int from, int to, int[] portBase, int[] cable, int[] endpointCable) {
        if (from < NONE) {
            endpointCable[RouteTable.endpointIndex(from)] = to;
        } else {
            cable[portBase[from >> 8] + (from & 0xFF)] = to;
        }
    }

    /** A table that does not send the switch's own LID to port 0 was read before or during a LID change. */
    private static void checkTable(int s, String[] guid, int[] lid, SwitchTable[] tables, List<String> notes) {
        SwitchTable table = tables[s];
        if (table == null) {
            return;
        }
        if (lid[s] > 0 && table.lid() != lid[s]) {
            note(notes, "switch %s had LID %d when its table was read (%s) and has LID %d now: the table predates a LID change"
                    .formatted(guid[s], table.lid(), table.readAt(), lid[s]));
        } else if (table.portOf(table.lid()) != 0) {
            note(notes, ("switch %s's table sends its own LID %d to port %d, not 0: read while the subnet manager was "
                    + "rewriting it").formatted(guid[s], table.lid(), table.portOf(table.lid())));
        }
    }

    private static void note(List<String> notes, String line) {
        if (notes.size() < MAX_NOTES) {
            notes.add(line);
        }
    }

    /**
     * Each switch's hops to each destination endpoint, or the outcome code where its route fails. Walks down the
     * table from every unresolved switch until a resolved one, the destination or a failure, then resolves the
     * whole walk backwards.
     */
    private static void resolveHops(RouteTable t, byte[] hops) {
        int switches = t.switches();
        int[] visiting = new int[switches];
        int[] done = new int[switches];
        int[] stack = new int[switches + 1];
        for (int d = 0; d < t.endpoints(); d++) {
            int base = d * switches;
            int lid = t.endpointLid[d];
            int stamp = d + 1;
            if (lid <= 0) {
                Arrays.fill(hops, base, base + switches, Outcome.NO_ROUTE.code());
                continue;
            }
            for (int s = 0; s < switches; s++) {
                if (done[s] == stamp) {
                    continue;
                }
                int depth = 0;
                int x = s;
                int value;
                while (true) {
                    visiting[x] = stamp;
                    stack[depth++] = x;
                    int next = t.advance(x, lid, d);
                    if (next == RouteTable.ARRIVE) {
                        value = 1;
                        break;
                    }
                    if (next < 0) {
                        value = next;
                        break;
                    }
                    int y = next >> 8;
                    if (done[y] == stamp) {
                        value = inc(hops[base + y]);
                        break;
                    }
                    if (visiting[y] == stamp) {
                        value = Outcome.LOOP.code();
                        break;
                    }
                    x = y;
                }
                for (int i = depth - 1; i >= 0; i--) {
                    hops[base + stack[i]] = (byte) value;
                    done[stack[i]] = stamp;
                    value = inc(value);
                }
            }
        }
    }

    private static int inc(int hops) {
        return hops < 0 ? hops : Math.min(hops + 1, RouteTable.MAX_HOPS);
    }

    private static final class Totals {
        long routed;
        long hopSum;
        int maxHops;
        final Map<Outcome, Long> unrouted = new EnumMap<>(Outcome.class);
        final Map<Outcome, RouteSummary.Example> examples = new EnumMap<>(Outcome.class);
        /** Per outcome, the lowest source of the destination in hand that fails so: its example, if it is the first. */
        final int[] example = new int[Outcome.values().length];

        void arrived(long pairs, int hops) {
            routed += pairs;
            hopSum += pairs * hops;
            maxHops = Math.max(maxHops, hops);
        }

        void unrouted(Outcome outcome, long pairs, int lowestSource) {
            unrouted.merge(outcome, pairs, Long::sum);
            int known = example[outcome.ordinal()];
            example[outcome.ordinal()] = known == NONE ? lowestSource : Math.min(known, lowestSource);
        }

        /** The first destination (in order) that fails a way names that way's example, with its lowest source. */
        void examplesOf(RouteTable t, int destination) {
            for (Outcome outcome : Outcome.values()) {
                int source = example[outcome.ordinal()];
                if (source != NONE) {
                    examples.putIfAbsent(outcome, new RouteSummary.Example(t.endpointLid[source],
                            t.endpointLid[destination]));
                    example[outcome.ordinal()] = NONE;
                }
            }
        }
    }

    /**
     * The host sources grouped by where their own cable leads, so that a destination's pairs are counted per first
     * switch, not per source: {@code bySwitch} lists a switch's sources lowest first, {@code deadEnds} the sources
     * without a cable, {@code direct} those cabled straight to another endpoint; {@code ofNode} lists each node's
     * sources (a pair of two ports of one node is no pair).
     */
    private record Sources(int[][] bySwitch, int[] deadEnds, int[] direct, int[][] ofNode) {

        static Sources of(RouteTable t) {
            int switches = t.switches();
            List<List<Integer>> bySwitch = new ArrayList<>();
            for (int s = 0; s < switches; s++) {
                bySwitch.add(new ArrayList<>());
            }
            List<Integer> deadEnds = new ArrayList<>();
            List<Integer> direct = new ArrayList<>();
            Map<Integer, List<Integer>> ofNode = new HashMap<>();
            int nodes = 0;
            for (int e = 0; e < t.endpoints(); e++) {
                if (!isHost(t, e)) {
                    continue;
                }
                int first = t.endpointCable[e];
                (first == NONE ? deadEnds : first < NONE ? direct : bySwitch.get(first >> 8)).add(e);
                ofNode.computeIfAbsent(t.endpointNodeIndex[e], n -> new ArrayList<>()).add(e);
                nodes = Math.max(nodes, t.endpointNodeIndex[e] + 1);
            }
            int[][] nodeSources = new int[nodes][];
            ofNode.forEach((node, list) -> nodeSources[node] = ints(list));
            return new Sources(bySwitch.stream().map(Sources::ints).toArray(int[][]::new), ints(deadEnds), ints(direct),
                    nodeSources);
        }

        int[] ofNodeOf(RouteTable t, int endpoint) {
            int[] sources = ofNode[t.endpointNodeIndex[endpoint]];
            return sources == null ? new int[0] : sources;
        }

        /** The lowest of {@code sources} on another node than {@code node}, NONE when there is none. */
        static int lowestNotOn(RouteTable t, int[] sources, int node) {
            for (int e : sources) {
                if (t.endpointNodeIndex[e] != node) {
                    return e;
                }
            }
            return NONE;
        }

        /** Every source behind a switch, lowest first. */
        static int[] lowestFirst(int[][] bySwitch) {
            return Arrays.stream(bySwitch).flatMapToInt(Arrays::stream).sorted().toArray();
        }

        private static int[] ints(List<Integer> list) {
            return list.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    private static boolean isHost(RouteTable t, int endpoint) {
        return t.endpointHost[endpoint] && t.endpointLid[endpoint] > 0;
    }

    /**
     * Host pairs per cable direction: per destination host, the sources entering each switch (counted per first
     * switch, less those on the destination's own node), then the switches in order of falling distance, each
     * passing what entered it on to its out-port's cable. A source's own pairs are the destinations its first
     * switch reaches, less those on its own node.
     */
    private static void countPairs(RouteTable t, Totals totals) {
        int switches = t.switches();
        Sources sources = Sources.of(t);
        int[] entering = new int[switches];
        int[] reached = new int[switches];
        int[] sameNode = new int[switches];
        int[] bucketStart = new int[RouteTable.MAX_HOPS + 2];
        int[] order = new int[switches];
        // Without any table every pair through a switch fails alike (RouteTable.hopsTo): counted per destination at
        // once, not per switch, a fabric before its first discover agent costs hosts, not hosts x switches, per build.
        int[] behindSwitches = t.withoutTables() ? Sources.lowestFirst(sources.bySwitch()) : null;
        Arrays.fill(totals.example, NONE);
        for (int d = 0; d < t.endpoints(); d++) {
            if (!isHost(t, d)) {
                continue;
            }
            int lid = t.endpointLid[d];
            int node = t.endpointNodeIndex[d];
            int[] ownNode = sources.ofNodeOf(t, d);
            int deadEnds = sources.deadEnds().length;
            for (int e : ownNode) {
                int first = t.endpointCable[e];
                if (first == NONE) {
                    deadEnds--;
                } else if (first > NONE) {
                    sameNode[first >> 8]++;
                }
            }
            if (deadEnds > 0) {
                totals.unrouted(Outcome.DEAD_END, deadEnds, Sources.lowestNotOn(t, sources.deadEnds(), node));
            }
            for (int e : sources.direct()) {
                if (t.endpointNodeIndex[e] == node) {
                    continue;
                }
                if (t.endpointCable[e] == RouteTable.endpoint(d)) {
                    totals.arrived(1, 1);
                    t.endpointEgress[e]++;
                } else {
                    totals.unrouted(Outcome.WRONG_DESTINATION, 1, e);
                }
            }
            if (behindSwitches != null) {
                int pairs = behindSwitches.length;
                for (int e : ownNode) {
                    int first = t.endpointCable[e];
                    if (first > NONE) {
                        sameNode[first >> 8] = 0;
                        pairs--;
                    }
                }
                if (pairs > 0) {
                    totals.unrouted(Outcome.ofCode(t.hopsTo(d, 0)), pairs, Sources.lowestNotOn(t, behindSwitches, node));
                }
                totals.examplesOf(t, d);
                continue;
            }
            for (int s = 0; s < switches; s++) {
                int hops = t.hopsTo(d, s);
                if (hops >= 0) {
                    reached[s]++;
                }
                int pairs = sources.bySwitch()[s].length - sameNode[s];
                if (pairs == 0) {
                    sameNode[s] = 0;
                    continue;
                }
                if (hops < 0) {
                    totals.unrouted(Outcome.ofCode(hops), pairs, Sources.lowestNotOn(t, sources.bySwitch()[s], node));
                } else {
                    totals.arrived(pairs, hops + 1);
                    entering[s] += pairs;
                }
                sameNode[s] = 0;
            }
            totals.examplesOf(t, d);
            // counting sort of the switches that reach d by falling distance
            Arrays.fill(bucketStart, 0);
            for (int s = 0; s < switches; s++) {
                int hops = t.hopsTo(d, s);
                if (hops > 0) {
                    bucketStart[hops]++;
                }
            }
            int position = 0;
            for (int h = RouteTable.MAX_HOPS; h >= 1; h--) {
                int count = bucketStart[h];
                bucketStart[h] = position;
                position += count;
            }
            for (int s = 0; s < switches; s++) {
                int hops = t.hopsTo(d, s);
                if (hops > 0) {
                    order[bucketStart[hops]++] = s;
                }
            }
            for (int i = 0; i < position; i++) {
                int s = order[i];
                int pairs = entering[s];
                if (pairs == 0) {
                    continue;
                }
                entering[s] = 0;
                int port = t.tables[s].portOf(lid);
                t.switchEgress[t.portBase[s] + port] += pairs;
                int next = t.neighbour(s, port);
                if (next >= 0) {
                    entering[next >> 8] += pairs;
                }
            }
        }
        for (int s = 0; s < switches; s++) {
            for (int e : sources.bySwitch()[s]) {
                int own = 0;
                for (int d : sources.ofNodeOf(t, e)) {
                    own += t.hopsTo(d, s) >= 0 ? 1 : 0;
                }
                t.endpointEgress[e] += reached[s] - own;
            }
        }
    }
}
