package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.agent.mad.NodeInfoField;
import io.fabricpulse.agent.sim.FatTreeGenerator;
import io.fabricpulse.agent.umad.EngineSettings;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.PortAddress;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;
import io.fabricpulse.model.topology.TopologyParser;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.UnaryOperator;

import static io.fabricpulse.agent.sim.FatTreeGenerator.hostGuid;
import static io.fabricpulse.agent.sim.FatTreeGenerator.leafGuid;
import static io.fabricpulse.agent.sim.FatTreeGenerator.spineGuid;
import static org.assertj.core.api.Assertions.assertThat;

/** The walk against in-process agents: what it finds, and what it does with silence and lies. */
class FabricDiscovererTest {

    /** 3 spines, 4 leaves, 3 hosts each: 7 switches, 12 hosts, 24 cables, 4X HDR. */
    static final Topology FAT_TREE = new FatTreeGenerator(3, 4, 3, LinkWidth.X4, LinkSpeed.HDR).generate();
    static final long FIRST_HOST = hostGuid(1);

    private final ExecutorService receiver = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        receiver.shutdownNow();
    }

    static DiscoveredFabric discover(SimulatedAgents agents) {
        return new FabricDiscoverer(agents, EngineSettings.DEFAULTS, Clock.systemUTC()).discover();
    }

    private SimulatedAgents fatTree() {
        return new SimulatedAgents(FAT_TREE, FIRST_HOST, 1, receiver);
    }

    @Test
    void theWalkFindsEveryNodeWithItsIdentityLidsCablesAndRates() {
        DiscoveredFabric found = discover(fatTree());

        assertThat(found.problems()).isEmpty();
        assertThat(found.complete()).isTrue();
        assertThat(found.topology().links()).isEqualTo(FAT_TREE.links());
        assertThat(found.topology().nodes()).containsExactlyInAnyOrderElementsOf(FAT_TREE.nodes());
        assertThat(found.startNodeGuid()).isEqualTo(FIRST_HOST);
        assertThat(found.startPortGuid()).isEqualTo(FIRST_HOST + 1);
        assertThat(found.topology().nodes()).extracting(TopologyNode::type)
                .as("switches first, then CAs, as ibnetdiscover lists them").startsWith(NodeType.SWITCH)
                .endsWith(NodeType.CA).isSortedAccordingTo((a, b) -> Integer.compare(a == NodeType.SWITCH ? 0 : 1,
                        b == NodeType.SWITCH ? 0 : 1));
        assertThat(found.topology().nodes().getLast().guid()).as("the start node was found first, so listed last")
                .isEqualTo(FIRST_HOST);
    }

    @Test
    void theOrderOfRecordsDoesNotDependOnWhichAnswerCameFirst() {
        DiscoveredFabric threaded = discover(fatTree());
        DiscoveredFabric inline = discover(new SimulatedAgents(FAT_TREE, FIRST_HOST, 1, Runnable::run));
        assertThat(inline.topology()).isEqualTo(threaded.topology());
    }

    @Test
    void theTextReadsBackAsTheSameFabricWithIbnetdiscoversHeader() throws Exception {
        DiscoveredFabric found = discover(fatTree().enhancedPort0(leafGuid(2)));
        String text = IbnetdiscoverText.of(found, ZonedDateTime.of(2026, 11, 1, 0, 7, 22, 0, ZoneOffset.UTC));

        assertThat(text).startsWith("#\n# Topology file: generated on Sun Nov  1 00:07:22 2026\n#\n"
                + "# Initiated from node 0c42a10300000010 port 0c42a10300000011\n\nvendid=0x2c9\ndevid=0xd2f0\n");
        assertThat(text).contains("Switch\t6 \"S-98039b0300020002\"\t\t# \"MF0;leaf02:MQM8700/U1\" enhanced port 0 lid ",
                "[1](c42a10300000011) \t\"S-98039b0300020001\"[1]\t\t# lid 8 lmc 0 \"MF0;leaf01:MQM8700/U1\" lid 4 4xHDR\n");
        Topology reread = TopologyParser.parse(text);
        assertThat(reread.links()).isEqualTo(FAT_TREE.links());
        assertThat(reread.nodes()).containsExactlyInAnyOrderElementsOf(FAT_TREE.nodes());
    }

    @Test
    void aSilentSpineCostsOnlyItselfAndIsReported() {
        DiscoveredFabric found = discover(fatTree().silence(spineGuid(2)));

        assertThat(found.complete()).isFalse();
        assertThat(found.failedRequests()).as("one NodeInfo through each of the spine's four cables").isEqualTo(4);
        assertThat(found.problems()).allMatch(p -> p.startsWith("NODE_INFO at DR path") && p.contains("no answer"));
        assertThat(found.topology().nodes()).hasSize(FAT_TREE.nodes().size() - 1)
                .noneMatch(n -> n.guid() == spineGuid(2));
        assertThat(found.topology().links()).containsExactlyElementsOf(FAT_TREE.links().stream()
                .filter(l -> l.a().nodeGuid() != spineGuid(2) && l.b().nodeGuid() != spineGuid(2)).toList());
    }

    @Test
    void aNodeThatAnswersGarbageIsLeftOutWithTheReason() {
        DiscoveredFabric found = discover(fatTree().lying(leafGuid(3), nodeInfoSays(NodeInfoField.NodeType, 9)));

        assertThat(found.problems()).isNotEmpty().allMatch(p -> p.contains("NodeType 9 is not 1 (CA), 2 (switch) or 3"));
        assertThat(found.topology().nodes()).as("leaf 3 and the three hosts only it reaches are missing")
                .hasSize(FAT_TREE.nodes().size() - 4);
    }

    @Test
    void aPortNumberBeyondTheNodeIsRefused() {
        DiscoveredFabric found = discover(fatTree().lying(spineGuid(1), nodeInfoSays(NodeInfoField.LocalPort, 200)));

        assertThat(found.problems()).isNotEmpty().allMatch(p -> p.contains("was entered by port 200 of 4"));
        assertThat(found.topology().nodes()).noneMatch(n -> n.guid() == spineGuid(1));
    }

    @Test
    void twoNodesWithOneGuidAreReportedAndTheResultStaysConsistent() {
        DiscoveredFabric found = discover(fatTree().lying(leafGuid(4), nodeInfoSays(NodeInfoField.Guid, leafGuid(3))));

        assertThat(found.complete()).isFalse();
        assertThat(found.problems()).anyMatch(p -> p.contains("was seen cabled to"));
        assertThat(found.topology().nodes()).noneMatch(n -> n.guid() == leafGuid(4));
    }

    @Test
    void routesStopAtSixtyThreeHopsAndAnswersInsideSubmitDoNotRecurse() {
        Topology chain = chain(70);
        DiscoveredFabric found = discover(new SimulatedAgents(chain, 1, 1, Runnable::run));

        assertThat(found.topology().nodes()).as("the host and the 63 switches a route can reach").hasSize(64);
        assertThat(found.problems()).containsExactly("port 2 of 0x000000000000103f is not followed: "
                + "a directed route has at most 63 hops");
    }

    /** An answer rewriter: NodeInfo answers carry {@code value} in {@code field}, other answers pass. */
    private static UnaryOperator<byte[]> nodeInfoSays(NodeInfoField field, long value) {
        return answer -> {
            if (SimulatedAgents.attributeOf(answer) == MadAttribute.NODE_INFO) {
                field.set(answer, Mads.DATA_OFFSET, value);
            }
            return answer;
        };
    }

    /** A host cabled to switch 1, switch i's port 2 to switch i+1's port 1. */
    static Topology chain(int switches) {
        List<TopologyNode> nodes = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        nodes.add(new TopologyNode(1, NodeType.CA, 1, "host", 1, 0, 0, List.of(new PortAddress(1, 2, 0))));
        for (int i = 1; i <= switches; i++) {
            nodes.add(new TopologyNode(0x1000 + i, NodeType.SWITCH, 2, "switch " + i, 0x1000 + i, 0, 0,
                    List.of(new PortAddress(0, 0x1000 + i, 0))));
            links.add(Link.between(i == 1 ? new LinkEnd(1, 1)
                    : new LinkEnd(0x1000 + i - 1, 2),
                    new LinkEnd(0x1000 + i, 1), LinkWidth.X4, LinkSpeed.SDR));
        }
        return new Topology(nodes, links);
    }
}
