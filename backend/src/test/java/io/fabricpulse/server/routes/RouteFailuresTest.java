package io.fabricpulse.server.routes;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.LinkEndState;
import io.fabricpulse.server.topology.model.PortEnd;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each way a route through the tables fails, on ibsim's four-HCA shape (two 8-port switches joined by two
 * cables, two hosts on each): the failing pairs are counted by outcome and the rest still count, a trace says
 * where it stopped, and tables that disagree with the topology's LIDs are noted.
 */
class RouteFailuresTest {

    private final TestFabric fabric = new TestFabric();
    private final String leafA = fabric.addSwitch(1, 8);
    private final String leafB = fabric.addSwitch(2, 8);
    private final String host1 = fabric.addHost(1, 1);
    private final String host2 = fabric.addHost(2, 1);
    private final String host3 = fabric.addHost(3, 1);
    private final String host4 = fabric.addHost(4, 1);

    RouteFailuresTest() {
        fabric.cable(host1, 1, leafA, 1);
        fabric.cable(host3, 1, leafA, 2);
        fabric.cable(leafA, 3, leafB, 3);
        fabric.cable(leafA, 5, leafB, 5);
        fabric.cable(host2, 1, leafB, 1);
        fabric.cable(host4, 1, leafB, 2);
        fabric.withMinHopTables();
    }

    private int lid(String host) {
        return fabric.lidOf(new PortEnd(host, 1));
    }

    private void route(String onSwitch, String toHost, int port) {
        fabric.tables.get(onSwitch)[lid(toHost)] = (byte) port;
    }

    @Test
    void whole() {
        RouteTable table = fabric.build();
        assertThat(table.summary().routedPairs()).isEqualTo(12);
        assertThat(table.summary().unrouted()).isZero();
        assertThat(table.trace(lid(host1), lid(host2)).orElseThrow().hops()).as("host1, leaf A, leaf B, host2")
                .hasSize(3);
    }

    @Test
    void aSwitchWithoutATableStopsTheRoutesThroughIt() {
        fabric.tables.remove(leafB);
        RouteTable table = fabric.build();

        assertThat(table.summary().unroutedPairs()).containsEntry(Outcome.NO_TABLE, 10L);
        assertThat(table.summary().routedPairs()).as("host1 <-> host3 stay on leaf A").isEqualTo(2);
        RouteTrace trace = table.trace(lid(host1), lid(host2)).orElseThrow();
        assertThat(trace.outcome()).isEqualTo(Outcome.NO_TABLE);
        assertThat(trace.stuckAt().nodeGuid()).isEqualTo(leafB);
    }

    @Test
    void noRouteAPortBeyondTheSwitchAndAPortWithoutACableAreEachCounted() {
        route(leafA, host2, 0xFF);
        route(leafA, host4, 40);
        route(leafB, host1, 7);
        RouteTable table = fabric.build();

        assertThat(table.summary().unroutedPairs()).containsEntry(Outcome.NO_ROUTE, 2L)
                .containsEntry(Outcome.BAD_PORT, 2L).containsEntry(Outcome.DEAD_END, 2L);
        assertThat(table.summary().routedPairs() + table.summary().unrouted()).isEqualTo(12);
        RouteTrace bad = table.trace(lid(host3), lid(host4)).orElseThrow();
        assertThat(bad.outcome()).isEqualTo(Outcome.BAD_PORT);
        assertThat(bad.stuckAt()).extracting(RouteTrace.Port::nodeGuid, RouteTrace.Port::port).containsExactly(leafA, 40);
        assertThat(table.summary().examples().get(Outcome.DEAD_END).destinationLid()).isEqualTo(lid(host1));
    }

    @Test
    void tablesThatSendALidBackAndForthLoop() {
        route(leafA, host2, 3);
        route(leafB, host2, 3);
        RouteTable table = fabric.build();

        assertThat(table.summary().unroutedPairs()).containsEntry(Outcome.LOOP, 3L);
        assertThat(table.trace(lid(host1), lid(host2)).orElseThrow().outcome()).isEqualTo(Outcome.LOOP);
    }

    @Test
    void routesEndingAtAnotherPortThanTheirLidsAreWrongDestinationsAndTheTablesAreNotedAsOld() {
        // The SM gave host1 and host2 each other's LIDs after the tables were read; leaf A's LID moved too.
        RouteTable before = fabric.build();
        var tablesAsRead = fabric.switchTables();
        int one = lid(host1);
        int two = lid(host2);
        fabric.lids.put(new PortEnd(host1, 1), two);
        fabric.lids.put(new PortEnd(host2, 1), one);
        int leafALid = fabric.lidOf(new PortEnd(leafA, 0));
        fabric.lids.put(new PortEnd(leafA, 0), 60);
        RouteTable after = RouteBuilder.build(relabelled(), tablesAsRead, TestFabric.READ_AT);

        assertThat(before.summary().unrouted()).isZero();
        assertThat(after.summary().unroutedPairs()).containsKey(Outcome.WRONG_DESTINATION);
        assertThat(after.summary().notes()).anySatisfy(note -> assertThat(note).contains(leafA)
                .contains("had LID " + leafALid + " when its table was read").contains("has LID 60 now"));
    }

    @Test
    void aTableThatDoesNotSendItsOwnLidToPortZeroWasReadMidUpdateAndTwoPortsWithOneLidAreNoted() {
        int own = fabric.lidOf(new PortEnd(leafB, 0));
        fabric.tables.get(leafB)[own] = 3;
        fabric.lids.put(new PortEnd(host4, 1), lid(host3));
        RouteTable table = RouteBuilder.build(relabelled(), fabric.switchTables(), TestFabric.READ_AT);

        assertThat(table.summary().notes()).anySatisfy(note -> assertThat(note).contains(leafB)
                .contains("sends its own LID " + own + " to port 3, not 0"));
        assertThat(table.summary().notes()).anySatisfy(note -> assertThat(note)
                .contains("LID " + lid(host3) + " is claimed by"));
    }

    /**
     * Pairs are counted per first switch, not one by one: on a fabric with every way of failing at once, a dual-port
     * host on one leaf (its two ports are no pair) and two hosts cabled back to back, the counts by outcome, each
     * cable's load both ways and the examples are what tracing every pair by itself gives.
     */
    @Test
    void theCountsAreWhatTracingEveryPairGives() {
        String dual = fabric.addHost(5, 2);
        String backA = fabric.addHost(6, 1);
        String backB = fabric.addHost(7, 1);
        fabric.cable(dual, 1, leafA, 6);
        fabric.cable(dual, 2, leafA, 7);
        fabric.cable(backA, 1, backB, 1);
        fabric.withMinHopTables();
        route(leafA, host2, 0xFF);
        route(leafB, host3, 40);
        route(leafB, host1, 7);
        fabric.tables.get(leafA)[fabric.lidOf(new PortEnd(dual, 2))] = 3;
        fabric.tables.get(leafB)[fabric.lidOf(new PortEnd(dual, 2))] = 3;
        RouteTable table = fabric.build();

        Map<Outcome, Long> outcomes = assertCountsAreWhatTracingEveryPairGives(table);
        assertThat(outcomes.keySet()).as("the fixture fails every way a cable can")
                .contains(Outcome.NO_ROUTE, Outcome.BAD_PORT, Outcome.DEAD_END, Outcome.LOOP, Outcome.ARRIVED);
    }

    /**
     * A fabric before its first discover agent: no switch has a table. The counts are still what tracing every pair
     * gives (hosts cabled back to back arrive), and the table keeps no hops per switch and destination.
     */
    @Test
    void withoutAnyForwardingTableTheCountsAreWhatTracingGivesAndNoHopArrayIsKept() {
        String backA = fabric.addHost(6, 1);
        String backB = fabric.addHost(7, 1);
        fabric.cable(backA, 1, backB, 1);
        fabric.withMinHopTables();
        fabric.tables.clear();
        RouteTable table = fabric.build();

        Map<Outcome, Long> outcomes = assertCountsAreWhatTracingEveryPairGives(table);
        // 30 ordered pairs of 6 hosts: the back-to-back two reach each other, the rest stop at their leaf (no table)
        // or, from a back-to-back host, end at its peer instead of their destination.
        assertThat(outcomes).containsOnly(Map.entry(Outcome.ARRIVED, 2L), Map.entry(Outcome.NO_TABLE, 20L),
                Map.entry(Outcome.WRONG_DESTINATION, 8L));
        assertThat(table.summary().switchTables()).isZero();
        assertThat(table.hops).isEmpty();
    }

    /** Traces every host pair and holds the summary's counts, each cable's load and the examples to them. */
    private Map<Outcome, Long> assertCountsAreWhatTracingEveryPairGives(RouteTable table) {
        List<PortEnd> hosts = fabric.links.stream().flatMap(l -> java.util.stream.Stream.of(l.a().end(), l.b().end()))
                .filter(end -> fabric.nodes.get(end.nodeGuid()).type() != NodeType.SWITCH).distinct().toList();
        Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
        Map<PortEnd, Integer> out = new HashMap<>();
        Map<PortEnd, Integer> in = new HashMap<>();
        for (PortEnd from : hosts) {
            for (PortEnd to : hosts) {
                if (from.nodeGuid().equals(to.nodeGuid())) {
                    continue;
                }
                RouteTrace trace = table.trace(fabric.lidOf(from), fabric.lidOf(to)).orElseThrow();
                outcomes.merge(trace.outcome(), 1L, Long::sum);
                if (trace.outcome() != Outcome.ARRIVED) {
                    continue;
                }
                PortEnd leaving = from;
                for (RouteTrace.Hop hop : trace.hops()) {
                    PortEnd sent = hop == trace.hops().getFirst() ? from : new PortEnd(leaving.nodeGuid(), hop.outPort());
                    PortEnd arrived = new PortEnd(hop.to().nodeGuid(), hop.to().port());
                    out.merge(sent, 1, Integer::sum);
                    in.merge(arrived, 1, Integer::sum);
                    leaving = arrived;
                }
            }
        }

        RouteSummary summary = table.summary();
        assertThat(summary.routedPairs()).isEqualTo(outcomes.get(Outcome.ARRIVED));
        Map<Outcome, Long> failed = new EnumMap<>(outcomes);
        failed.remove(Outcome.ARRIVED);
        assertThat(summary.unroutedPairs()).isEqualTo(failed);
        fabric.links.forEach(link -> {
            for (PortEnd end : List.of(link.a().end(), link.b().end())) {
                assertThat(table.load(end).orElseThrow()).as("load at %s", end)
                        .isEqualTo(new RouteTable.LinkLoad(out.getOrDefault(end, 0), in.getOrDefault(end, 0)));
            }
        });
        summary.examples().forEach((outcome, example) -> assertThat(table.trace(example.sourceLid(),
                example.destinationLid()).orElseThrow().outcome()).as("the example of %s", outcome).isEqualTo(outcome));
        return outcomes;
    }

    /** The model again with the LIDs in {@code fabric.lids} now (the cables' ends carry the LIDs). */
    private io.fabricpulse.server.topology.model.FabricModel relabelled() {
        List<FabricLink> links = fabric.links.stream().map(link -> FabricLink.between(
                relabel(link.a()), relabel(link.b()))).toList();
        return io.fabricpulse.server.topology.model.FabricModel.of(fabric.nodes.values(), links);
    }

    private LinkEndState relabel(LinkEndState end) {
        return LinkEndState.bare(end.end(), fabric.lidOf(end.end()), end.width(), end.speed());
    }
}
