package io.fabricpulse.agent.loadgen;

import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.source.SourceException;
import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The generated fabric and its split between agents. */
class LoadFabricTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2025-06-01T12:00:00Z"));

    private static List<NodeReport> pollAll(List<PortSource> sources) throws SourceException {
        List<NodeReport> nodes = new ArrayList<>();
        for (PortSource source : sources) {
            nodes.addAll(source.poll());
        }
        return nodes;
    }

    private static int ports(List<NodeReport> nodes) {
        return nodes.stream().mapToInt(n -> n.ports().size()).sum();
    }

    @Test
    void planesAreSeparateFabricsWithTheirOwnGuidsAndNames() throws Exception {
        LoadFabric fabric = new LoadFabric(new FabricSize(3, 2, 4, 2), clock);
        List<NodeReport> nodes = pollAll(fabric.splitBetween(1));

        assertThat(nodes).hasSize(fabric.size().nodes()).hasSize(3 * (2 + 4 + 8));
        assertThat(ports(nodes)).isEqualTo(fabric.size().ports()).isEqualTo(3 * 2 * 4 * 4);
        assertThat(nodes.stream().map(NodeReport::guid).distinct()).hasSize(nodes.size());
        assertThat(nodes).extracting(NodeReport::description)
                .contains("node0001 HCA-1", "node0001 HCA-2", "node0001 HCA-3", "MF0;leaf01:MQM9700/U1",
                        "MF0;rail2-leaf01:MQM9700/U1", "MF0;rail3-spine02:MQM9700/U1");
        // each cable's far end is a node of the same plane
        Set<String> guids = new HashSet<>(nodes.stream().map(NodeReport::guid).toList());
        Map<String, String> planeOfNode = new HashMap<>();
        nodes.forEach(n -> planeOfNode.put(n.guid(), n.guid().substring(10, 11)));
        for (NodeReport node : nodes) {
            for (PortReport port : node.ports()) {
                assertThat(guids).contains(port.peer().nodeGuid());
                assertThat(planeOfNode.get(port.peer().nodeGuid())).isEqualTo(planeOfNode.get(node.guid()));
            }
        }
        assertThat(nodes.getFirst().guid()).as("plane 1 is the generator's fabric").isEqualTo("0x98039b0300010001");
        assertThat(nodes).filteredOn(n -> n.type() == NodeType.CA).allSatisfy(n ->
                assertThat(n.ports()).singleElement().satisfies(p -> assertThat(p.linkSpeedActive()).hasToString("NDR")));
    }

    @Test
    void agentsShareEveryNodeOnceWithAboutTheSamePorts() throws Exception {
        LoadFabric fabric = new LoadFabric(FabricSize.forPorts(4000), clock);
        List<PortSource> shares = fabric.splitBetween(7);
        assertThat(shares).hasSize(7);
        List<NodeReport> all = new ArrayList<>();
        List<Integer> portsPerAgent = new ArrayList<>();
        for (PortSource share : shares) {
            List<NodeReport> nodes = share.poll();
            assertThat(nodes).isNotEmpty();
            all.addAll(nodes);
            portsPerAgent.add(ports(nodes));
        }
        assertThat(all.stream().map(NodeReport::guid).distinct()).hasSize(fabric.size().nodes()).hasSize(all.size());
        assertThat(ports(all)).isEqualTo(fabric.size().ports());
        int largestNode = all.stream().mapToInt(n -> n.ports().size()).max().orElseThrow();
        int fair = fabric.size().ports() / 7;
        assertThat(portsPerAgent).allSatisfy(p -> assertThat(p).isBetween(fair - largestNode, fair + largestNode));
    }

    @Test
    void sharesCanSpanPlanesAndEveryNodeCanHaveItsOwnAgent() throws Exception {
        LoadFabric fabric = new LoadFabric(new FabricSize(2, 1, 2, 1), clock);
        assertThat(fabric.size().nodes()).isEqualTo(10);
        List<PortSource> perNode = fabric.splitBetween(10);
        assertThat(perNode).allSatisfy(s -> assertThat(s.poll()).hasSize(1));
        assertThat(pollAll(fabric.splitBetween(3)).stream().map(NodeReport::guid).distinct()).hasSize(10);
        assertThatThrownBy(() -> fabric.splitBetween(11)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("11 agents for 10 nodes: each agent needs a node");
    }

    @Test
    void countersAdvanceWithTheClockAsOneSimulation() throws Exception {
        LoadFabric fabric = new LoadFabric(new FabricSize(1, 2, 4, 2), clock);
        List<PortSource> shares = fabric.splitBetween(2);
        long before = shares.getLast().poll().getFirst().ports().getFirst().counters().get("PortXmitData");
        clock.advance(Duration.ofSeconds(10));
        long after = shares.getLast().poll().getFirst().ports().getFirst().counters().get("PortXmitData");
        assertThat(after).isGreaterThan(before);
    }
}
