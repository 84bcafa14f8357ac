package io.fabricpulse.server.routes;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.topology.model.PortEnd;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Every route of the fabric as the switches' forwarding tables make it, in arrays. Routing is by
 * destination: at each switch the table names one out-port per destination LID, so the routes to one
 * destination form a tree, and the table keeps per destination only each switch's distance to it (or why
 * it cannot get there): one byte per switch and destination. A pair's route is that tree walked from the
 * source's switch, which is how {@link #trace} and the job queries rebuild it; the pair counts per link
 * are summed over every tree once, when the table is built ({@link RouteBuilder}).
 * <p>
 * Endpoints are the fabric's non-switch ports with a LID (CA and router ports); "hosts" are the CA ones,
 * and a host pair is two ports on different nodes. Immutable, so readers share it without locks.
 */
public final class RouteTable {

    /** In {@link #neighbour}: the port has no cable. */
    static final int NONE = -1;
    /** Hop counts are capped here; no real route comes near (a directed route has at most 63 hops). */
    static final int MAX_HOPS = 127;

    // switches
    final String[] switchGuid;
    final String[] switchName;
    final int[] switchLid;
    /** Highest port known per switch (cabled, or the baseline's count). */
    final int[] switchPorts;
    /** Each switch's table, null when none was read. */
    final SwitchTable[] tables;
    /** Where each switch port's cable goes, flat: index {@code portBase[s] + p}; see {@link #neighbour(int, int)}. */
    final int[] portBase;
    final int[] cable;

    // endpoints
    final String[] endpointNode;
    final String[] endpointName;
    final int[] endpointPort;
    final int[] endpointLid;
    final boolean[] endpointHost;
    /** Index of the endpoint's node among nodes, to tell two ports of one node apart from two nodes. */
    final int[] endpointNodeIndex;
    /** What the endpoint's cable reaches: a switch port (encoded as in {@link #cable}) or another endpoint. */
    final int[] endpointCable;

    /**
     * Per destination endpoint {@code d}, per switch {@code s}: {@code hops[d * switches + s]}, hops or an outcome code;
     * empty while no switch has a table (read through {@link #hopsTo}): the answer is then the same for every switch, and
     * a fabric before its first discover agent (50,000 hosts, 700 switches: 35 MB) keeps no array for it.
     */
    final byte[] hops;
    /** Host pairs routed out of each switch port ({@code portBase[s] + p}) and out of each endpoint onto its cable. */
    final int[] switchEgress;
    final int[] endpointEgress;

    final Map<Integer, Integer> endpointByLid;
    final Map<Integer, Integer> switchByLid;
    final Map<String, Integer> switchByGuid;
    final Map<PortEnd, Integer> endpointByPort;

    final RouteSummary summary;

    RouteTable(RouteBuilder.Parts parts, RouteSummary summary) {
        this.switchGuid = parts.switchGuid();
        this.switchName = parts.switchName();
        this.switchLid = parts.switchLid();
        this.switchPorts = parts.switchPorts();
        this.tables = parts.tables();
        this.portBase = parts.portBase();
        this.cable = parts.cable();
        this.endpointNode = parts.endpointNode();
        this.endpointName = parts.endpointName();
        this.endpointPort = parts.endpointPort();
        this.endpointLid = parts.endpointLid();
        this.endpointHost = parts.endpointHost();
        this.endpointNodeIndex = parts.endpointNodeIndex();
        this.endpointCable = parts.endpointCable();
        this.hops = parts.hops();
        this.switchEgress = parts.switchEgress();
        this.endpointEgress = parts.endpointEgress();
        this.endpointByLid = parts.endpointByLid();
        this.switchByLid = parts.switchByLid();
        this.switchByGuid = parts.switchByGuid();
        this.endpointByPort = parts.endpointByPort();
        this.summary = summary;
    }

    public RouteSummary summary() {
        return summary;
    }

    int switches() {
        return switchGuid.length;
    }

    int endpoints() {
        return endpointNode.length;
    }

    /** Encodes a switch port for {@link #cable} and {@link #endpointCable}. */
    static int switchPort(int s, int port) {
        return (s << 8) | port;
    }

    /** Encodes an endpoint for {@link #cable} and {@link #endpointCable}: below {@link #NONE}. */
    static int endpoint(int e) {
        return -2 - e;
    }

    /** What the cable of switch {@code s}'s port {@code port} reaches: {@link #NONE}, a switch port or an endpoint. */
    int neighbour(int s, int port) {
        return port > switchPorts[s] ? NONE : cable[portBase[s] + port];
    }

    /** The endpoint index of the port at {@code end}, empty when it is no endpoint with a LID. */
    public Optional<Integer> endpointAt(PortEnd end) {
        return Optional.ofNullable(endpointByPort.get(end));
    }

    /** The endpoints (ports with a LID) of a set of nodes, for a job's hosts. */
    public int[] endpointsOf(Collection<String> nodeGuids) {
        Set<String> wanted = new HashSet<>(nodeGuids);
        return IntStream.range(0, endpoints())
                .filter(e -> endpointLid[e] > 0 && wanted.contains(endpointNode[e])).toArray();
    }

    /** True while no switch has a table: every route through a switch fails alike, and {@link #hops} is empty. */
    boolean withoutTables() {
        return hops.length == 0;
    }

    /** Switch {@code s}'s hops to destination endpoint {@code d}, or the code of the outcome where its route fails. */
    int hopsTo(int d, int s) {
        if (withoutTables()) {
            return (endpointLid[d] <= 0 ? Outcome.NO_ROUTE : Outcome.NO_TABLE).code();
        }
        return hops[d * switches() + s];
    }

    /** From {@link #advance}: the route arrives. */
    static final int ARRIVE = Integer.MIN_VALUE;

    /**
     * Where switch {@code s} sends LID {@code lid}: the next switch port (encoded, at least 0), {@link #ARRIVE}
     * (at the destination endpoint, or at {@code s} itself when the destination is this switch), or a failing
     * {@link Outcome}'s code.
     *
     * @param destination the destination endpoint, or -1 when the destination is a switch
     */
    int advance(int s, int lid, int destination) {
        SwitchTable table = tables[s];
        if (table == null) {
            return Outcome.NO_TABLE.code();
        }
        int port = table.portOf(lid);
        if (port == 0xFF) {
            return Outcome.NO_ROUTE.code();
        }
        if (port == 0) {
            return destination < 0 && switchLid[s] == lid ? ARRIVE : Outcome.WRONG_DESTINATION.code();
        }
        int next = neighbour(s, port);
        if (next == NONE) {
            return (port > switchPorts[s] ? Outcome.BAD_PORT : Outcome.DEAD_END).code();
        }
        if (next < NONE) {
            return next == endpoint(destination) ? ARRIVE : Outcome.WRONG_DESTINATION.code();
        }
        return next;
    }

    /**
     * The route from LID {@code sourceLid} to LID {@code destinationLid}, hop by hop as {@code ibtracert}
     * prints it; empty when either LID names no port of the fabric.
     */
    public Optional<RouteTrace> trace(int sourceLid, int destinationLid) {
        Integer fromEndpoint = endpointByLid.get(sourceLid);
        Integer fromSwitch = switchByLid.get(sourceLid);
        Integer toEndpoint = endpointByLid.get(destinationLid);
        Integer toSwitch = switchByLid.get(destinationLid);
        if ((fromEndpoint == null && fromSwitch == null) || (toEndpoint == null && toSwitch == null)) {
            return Optional.empty();
        }
        RouteTrace.Port from = fromEndpoint != null ? endpointPortOf(fromEndpoint) : switchPortOf(fromSwitch, 0);
        RouteTrace.Port to = toEndpoint != null ? endpointPortOf(toEndpoint) : switchPortOf(toSwitch, 0);
        int destination = toEndpoint != null ? toEndpoint : -1;
        List<RouteTrace.Hop> path = new ArrayList<>();
        int at;
        if (fromEndpoint != null) {
            if (fromEndpoint.equals(toEndpoint)) {
                return Optional.of(new RouteTrace(from, to, path, Outcome.ARRIVED, null));
            }
            at = endpointCable[fromEndpoint];
            if (at == NONE) {
                return Optional.of(new RouteTrace(from, to, path, Outcome.DEAD_END, null));
            }
            path.add(hop(endpointPort[fromEndpoint], at));
            if (at < NONE) {
                return Optional.of(new RouteTrace(from, to, path, at == endpoint(destination) ? Outcome.ARRIVED
                        : Outcome.WRONG_DESTINATION, null));
            }
        } else {
            at = switchPort(fromSwitch, 0);
        }
        for (int hop = 0; hop <= switches(); hop++) {
            int s = at >> 8;
            int next = advance(s, destinationLid, destination);
            int port = tables[s] == null ? 0 : tables[s].portOf(destinationLid);
            if (next == ARRIVE && port != 0) {
                path.add(hop(port, neighbour(s, port)));
            }
            if (next < 0) {
                Outcome outcome = next == ARRIVE ? Outcome.ARRIVED : Outcome.ofCode(next);
                return Optional.of(new RouteTrace(from, to, path, outcome,
                        outcome == Outcome.ARRIVED || outcome == Outcome.LOOP ? null : switchPortOf(s, port)));
            }
            path.add(hop(port, next));
            at = next;
        }
        return Optional.of(new RouteTrace(from, to, path, Outcome.LOOP, null));
    }

    private RouteTrace.Hop hop(int outPort, int next) {
        return new RouteTrace.Hop(outPort, next < NONE ? endpointPortOf(endpointIndex(next)) : switchPortOf(next >> 8,
                next & 0xFF));
    }

    static int endpointIndex(int encoded) {
        return -2 - encoded;
    }

    private RouteTrace.Port endpointPortOf(int e) {
        return new RouteTrace.Port(endpointNode[e], endpointName[e], endpointHost[e] ? NodeType.CA : NodeType.ROUTER,
                endpointPort[e], endpointLid[e]);
    }

    private RouteTrace.Port switchPortOf(int s, int port) {
        return new RouteTrace.Port(switchGuid[s], switchName[s], NodeType.SWITCH, port, switchLid[s]);
    }

    /**
     * Host pairs routed over the cable at {@code end}, in each direction: out of {@code end} onto the cable,
     * and in from the far end. Empty when the port is neither a switch port with a cable nor an endpoint.
     */
    public Optional<LinkLoad> load(PortEnd end) {
        Integer s = switchByGuid.get(end.nodeGuid());
        if (s != null) {
            int far = neighbour(s, end.port());
            if (far == NONE) {
                return Optional.empty();
            }
            int out = switchEgress[portBase[s] + end.port()];
            int in = far < NONE ? endpointEgress[endpointIndex(far)] : switchEgress[portBase[far >> 8] + (far & 0xFF)];
            return Optional.of(new LinkLoad(out, in));
        }
        Integer e = endpointByPort.get(end);
        if (e == null || endpointCable[e] == NONE) {
            return Optional.empty();
        }
        int far = endpointCable[e];
        int in = far < NONE ? endpointEgress[endpointIndex(far)] : switchEgress[portBase[far >> 8] + (far & 0xFF)];
        return Optional.of(new LinkLoad(endpointEgress[e], in));
    }

    /**
     * Host pairs routed over a cable in each direction.
     *
     * @param out pairs leaving the port asked about onto the cable
     * @param in  pairs arriving at it from the far end
     */
    public record LinkLoad(int out, int in) {
    }

    /**
     * Every cable direction the routes between {@code endpoints} cross (each pair of them on different nodes,
     * both ways), with how many of those pairs cross it; keyed by the port a direction leaves from. The
     * routes to one destination form a tree, so each destination costs one pass over the switches its
     * sources' routes touch, not one walk per pair.
     */
    public Map<PortEnd, Integer> crossings(int[] endpoints) {
        return new Crossings(this).of(endpoints);
    }

    /** A cable direction crossed by some pairs: leaving {@code from}, entering {@code to}. */
    public record Crossing(RouteTrace.Port from, RouteTrace.Port to, int pairs) {
    }

    /** {@link #crossings} with both ends of each cable named, most pairs first. */
    public List<Crossing> crossingList(int[] endpoints) {
        List<Crossing> list = new ArrayList<>();
        crossings(endpoints).forEach((from, pairs) -> port(from).ifPresent(out -> far(from).ifPresent(in ->
                list.add(new Crossing(out, in, pairs)))));
        list.sort(java.util.Comparator.comparingInt(Crossing::pairs).reversed()
                .thenComparing(c -> c.from().nodeGuid()).thenComparingInt(c -> c.from().port()));
        return list;
    }

    /** The port at {@code end} as a trace names it, empty when it is no switch port or endpoint of the routes. */
    public Optional<RouteTrace.Port> port(PortEnd end) {
        Integer s = switchByGuid.get(end.nodeGuid());
        if (s != null) {
            return end.port() <= switchPorts[s] ? Optional.of(switchPortOf(s, end.port())) : Optional.empty();
        }
        Integer e = endpointByPort.get(end);
        return e == null ? Optional.empty() : Optional.of(endpointPortOf(e));
    }

    /** The port at the far end of {@code end}'s cable, empty when it has none. */
    public Optional<RouteTrace.Port> far(PortEnd end) {
        Integer s = switchByGuid.get(end.nodeGuid());
        int next;
        if (s != null) {
            next = neighbour(s, end.port());
        } else {
            Integer e = endpointByPort.get(end);
            next = e == null ? NONE : endpointCable[e];
        }
        if (next == NONE) {
            return Optional.empty();
        }
        return Optional.of(next < NONE ? endpointPortOf(endpointIndex(next)) : switchPortOf(next >> 8, next & 0xFF));
    }

    /** The port that egress slot of a switch belongs to, for {@link Crossings}' answer. */
    PortEnd switchPortEnd(int s, int port) {
        return new PortEnd(switchGuid[s], port);
    }

    PortEnd endpointEnd(int e) {
        return new PortEnd(endpointNode[e], endpointPort[e]);
    }

    /** A rough size of the arrays, for the bench and the status page. */
    public long memoryBytes() {
        long bytes = (long) hops.length + 4L * (cable.length + switchEgress.length + endpointEgress.length
                + endpointCable.length + 6L * endpoints() + 4L * switches());
        for (SwitchTable table : tables) {
            bytes += table == null ? 0 : table.ports().length;
        }
        return bytes;
    }

    @Override
    public String toString() {
        return "RouteTable" + Arrays.asList(switches() + " switches", endpoints() + " endpoints", summary);
    }
}
