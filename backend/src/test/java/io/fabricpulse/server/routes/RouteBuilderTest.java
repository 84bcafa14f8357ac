package io.fabricpulse.server.routes;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.topology.model.PortEnd;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Routes from forwarding tables: every pair's trace against the tables walked by hand, the per-cable pair
 * counts and a job's crossings against the sum of those traces, and each way a route fails.
 */
class RouteBuilderTest {

    /** Per cable direction (keyed by the port it leaves from), how many of the given pairs' traces cross it. */
    private static Map<PortEnd, Integer> countTraces(RouteTable table, List<PortEnd> ports) {
        Map<PortEnd, Integer> counts = new HashMap<>();
        for (PortEnd from : ports) {
            for (PortEnd to : ports) {
                if (from.nodeGuid().equals(to.nodeGuid())) {
                    continue;
                }
                RouteTrace trace = table.trace(lid(table, from), lid(table, to)).orElseThrow();
                if (trace.outcome() != Outcome.ARRIVED) {
                    continue;
                }
                PortEnd leaving = from;
                for (RouteTrace.Hop hop : trace.hops()) {
                    PortEnd out = hop == trace.hops().getFirst() ? from
                            : new PortEnd(leaving.nodeGuid(), hop.outPort());
                    counts.merge(out, 1, Integer::sum);
                    leaving = new PortEnd(hop.to().nodeGuid(), hop.to().port());
                }
            }
        }
        return counts;
    }

    private static int lid(RouteTable table, PortEnd end) {
        return table.endpointLid[table.endpointAt(end).orElseThrow()];
    }

    @Test
    void everyHostPairIsRoutedAndEachCableCountsThePairsItsTracesCarry() {
        TestFabric fabric = TestFabric.fatTree(4, 6, 5);
        RouteTable table = fabric.build();
        List<PortEnd> hosts = fabric.hostPorts();

        RouteSummary summary = table.summary();
        assertThat(summary.hosts()).isEqualTo(30);
        assertThat(summary.routedPairs()).isEqualTo(30 * 29);
        assertThat(summary.unroutedPairs()).isEmpty();
        assertThat(summary.notes()).isEmpty();
        assertThat(summary.maxHops()).as("host, leaf, spine, leaf, host").isEqualTo(4);
        assertThat(summary.switchTables()).isEqualTo(summary.switches()).isEqualTo(10);

        Map<PortEnd, Integer> traced = countTraces(table, hosts);
        fabric.links.forEach(link -> {
            PortEnd a = link.a().end();
            PortEnd b = link.b().end();
            RouteTable.LinkLoad load = table.load(a).orElseThrow();
            assertThat(load.out()).as("%s -> %s", a, b).isEqualTo(traced.getOrDefault(a, 0));
            assertThat(load.in()).as("%s -> %s", b, a).isEqualTo(traced.getOrDefault(b, 0));
            assertThat(table.load(b).orElseThrow()).isEqualTo(new RouteTable.LinkLoad(load.in(), load.out()));
        });
        assertThat(table.load(hosts.getFirst()).orElseThrow())
                .as("a host sends to every other host and receives from each").isEqualTo(new RouteTable.LinkLoad(29, 29));
        assertThat(table.crossings(table.endpointsOf(fabric.nodes.keySet()))).isEqualTo(traced);
    }

    @Test
    void aJobsCrossingsAreTheCablesItsOwnPairsCross() {
        TestFabric fabric = TestFabric.fatTree(3, 5, 4);
        RouteTable table = fabric.build();
        List<PortEnd> hosts = fabric.hostPorts();
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 20; trial++) {
            List<PortEnd> job = IntStream.range(0, 2 + random.nextInt(6)).mapToObj(i -> hosts.get(random.nextInt(hosts.size())))
                    .distinct().toList();
            assertThat(table.crossings(table.endpointsOf(job.stream().map(PortEnd::nodeGuid).toList())))
                    .as("job on %s", job).isEqualTo(countTraces(table, job));
        }
        assertThat(table.crossings(new int[0])).isEmpty();
    }

    @Test
    void aTraceNamesEachCableAsIbtracertDoes() {
        TestFabric fabric = TestFabric.fatTree(2, 2, 2);
        RouteTable table = fabric.build();
        PortEnd from = fabric.hostPorts().getFirst();
        PortEnd to = fabric.hostPorts().getLast();

        RouteTrace trace = table.trace(fabric.lidOf(from), fabric.lidOf(to)).orElseThrow();

        assertThat(trace.outcome()).isEqualTo(Outcome.ARRIVED);
        assertThat(trace.from().nodeGuid()).isEqualTo(from.nodeGuid());
        assertThat(trace.hops()).extracting(hop -> hop.to().type())
                .containsExactly(NodeType.SWITCH, NodeType.SWITCH, NodeType.SWITCH, NodeType.CA);
        assertThat(trace.hops().getFirst().outPort()).as("leaves the host by its own port").isEqualTo(from.port());
        assertThat(trace.hops().getLast().to().nodeGuid()).isEqualTo(to.nodeGuid());
        assertThat(trace.hops().getLast().to().lid()).isEqualTo(fabric.lidOf(to));

        String leaf = trace.hops().getFirst().to().nodeGuid();
        RouteTrace toSwitch = table.trace(fabric.lidOf(from), fabric.lidOf(new PortEnd(leaf, 0))).orElseThrow();
        assertThat(toSwitch.outcome()).isEqualTo(Outcome.ARRIVED);
        assertThat(toSwitch.hops()).hasSize(1);
        RouteTrace fromSwitch = table.trace(fabric.lidOf(new PortEnd(leaf, 0)), fabric.lidOf(from)).orElseThrow();
        assertThat(fromSwitch.from().port()).isZero();
        assertThat(fromSwitch.hops()).singleElement().extracting(h -> h.to().nodeGuid()).isEqualTo(from.nodeGuid());
        assertThat(table.trace(fabric.lidOf(from), 4000)).as("no port has that LID").isEmpty();
    }
}
