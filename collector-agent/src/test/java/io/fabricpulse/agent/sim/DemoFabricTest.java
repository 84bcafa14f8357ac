package io.fabricpulse.agent.sim;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;
import io.fabricpulse.model.topology.TopologyParser;
import io.fabricpulse.model.topology.TopologyWriter;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class DemoFabricTest {

    static String bundledText() throws Exception {
        try (InputStream in = SimSource.class.getResourceAsStream(SimSource.DEMO_TOPOLOGY)) {
            assertThat(in).as("classpath resource " + SimSource.DEMO_TOPOLOGY).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theBundledFileIsExactlyWhatTheGeneratorWrites() throws Exception {
        assertThat(bundledText())
                .as("fat-tree-648.net drifted from FatTreeGenerator.demo(); if the change is deliberate, regenerate it "
                        + "with WriteDemoFabric (see its javadoc)")
                .isEqualTo(WriteDemoFabric.demoText());
    }

    @Test
    void theParserReadsTheBundledFileBackTo702NodesAnd1296Cables() throws Exception {
        Topology topology = TopologyParser.parse(bundledText().getBytes(StandardCharsets.UTF_8));

        assertThat(topology.nodes()).hasSize(702);
        assertThat(topology.nodes().stream().filter(n -> n.type() == NodeType.CA)).hasSize(648);
        assertThat(topology.nodes().stream().filter(TopologyNode::isSwitch)).hasSize(54);
        assertThat(topology.links()).as("648 host cables + 36 leaves x 18 uplinks").hasSize(648 + 36 * 18);
        assertThat(topology.links()).allSatisfy(link -> {
            assertThat(link.width()).isEqualTo(LinkWidth.X4);
            assertThat(link.speed()).isEqualTo(LinkSpeed.EDR);
        });
        assertThat(topology).isEqualTo(FatTreeGenerator.demo().generate());
    }

    @Test
    void generatedFabricsOfEverySpeedSurviveTheRoundTrip() throws Exception {
        for (LinkSpeed speed : LinkSpeed.values()) {
            Topology topology = new FatTreeGenerator(3, 4, 5, LinkWidth.X4, speed).generate();
            assertThat(TopologyParser.parse(TopologyWriter.toText(topology, "t"))).as(speed.name()).isEqualTo(topology);
        }
    }

    @Test
    void wiresHostsToLeafPortsAndEveryLeafToEverySpine() {
        Topology topology = new FatTreeGenerator(2, 3, 4, LinkWidth.X4, LinkSpeed.HDR).generate();

        assertThat(topology.nodes()).hasSize(2 + 3 + 12);
        TopologyNode leaf2 = topology.node(FatTreeGenerator.leafGuid(2)).orElseThrow();
        assertThat(leaf2.numPorts()).isEqualTo(4 + 2);
        assertThat(leaf2.description()).isEqualTo("MF0;leaf02:MQM8700/U1");
        assertThat(topology.node(FatTreeGenerator.spineGuid(1)).orElseThrow().numPorts()).isEqualTo(3);
        assertThat(topology.linkAt(new LinkEnd(FatTreeGenerator.leafGuid(2), 6)).map(l -> l.otherEnd(new LinkEnd(FatTreeGenerator.leafGuid(2), 6))))
                .contains(new LinkEnd(FatTreeGenerator.spineGuid(2), 2));
        Link hostCable = topology.linkAt(new LinkEnd(FatTreeGenerator.hostGuid(7), 1)).orElseThrow();
        assertThat(hostCable.otherEnd(new LinkEnd(FatTreeGenerator.hostGuid(7), 1)))
                .as("host 7 is the 3rd host of leaf 2").isEqualTo(new LinkEnd(FatTreeGenerator.leafGuid(2), 3));
        TopologyNode host7 = topology.node(FatTreeGenerator.hostGuid(7)).orElseThrow();
        assertThat(host7.description()).isEqualTo("node0007 HCA-1");
        assertThat(host7.address(1).guid()).isEqualTo(FatTreeGenerator.hostGuid(7) + 1);
        assertThat(host7.address(1).lid()).as("LIDs: 5 switches first, then hosts in order").isEqualTo(5 + 7);
        assertThat(new FatTreeGenerator(2, 3, 4, LinkWidth.X4, LinkSpeed.HDR).generate()).isEqualTo(topology);
    }

    @Test
    void podsAddACoreTierThatKeepsTheTreeNonBlocking() {
        // 2 pods of 2 spines, 3 leaves, 2 hosts: 4 pod spines, 6 leaves, 12 hosts and 2 groups of 3 cores.
        Topology topology = new FatTreeGenerator(2, 3, 2, 2, LinkWidth.X4, LinkSpeed.EDR).generate();

        assertThat(topology.nodes()).hasSize(4 + 6 + 12 + 6);
        assertThat(topology.links()).hasSize(6 * 2 + 4 * 3 + 12);
        LinkEnd secondPodsFirstLeafUplink = new LinkEnd(FatTreeGenerator.leafGuid(4), 2 + 1);
        assertThat(topology.linkAt(secondPodsFirstLeafUplink).map(l -> l.otherEnd(secondPodsFirstLeafUplink)))
                .as("pod 2's first leaf to pod 2's first spine (spine03), on the spine's port 1")
                .contains(new LinkEnd(FatTreeGenerator.spineGuid(3), 1));
        TopologyNode spine3 = topology.node(FatTreeGenerator.spineGuid(3)).orElseThrow();
        assertThat(spine3.numPorts()).as("3 leaves down, 3 cores up").isEqualTo(6);
        LinkEnd spine3ThirdUplink = new LinkEnd(FatTreeGenerator.spineGuid(3), 3 + 3);
        assertThat(topology.linkAt(spine3ThirdUplink).map(l -> l.otherEnd(spine3ThirdUplink)))
                .as("a pod's spine s reaches every core of group s, on the core's port of its pod")
                .contains(new LinkEnd(FatTreeGenerator.coreGuid(3), 2));
        assertThat(topology.node(FatTreeGenerator.coreGuid(6)).orElseThrow().description()).isEqualTo("MF0;core06:SB7800/U1");
        assertThat(topology.node(FatTreeGenerator.coreGuid(6)).orElseThrow().numPorts()).as("one port per pod").isEqualTo(2);
        assertThat(topology.linkAt(new LinkEnd(FatTreeGenerator.hostGuid(12), 1)).orElseThrow()
                .otherEnd(new LinkEnd(FatTreeGenerator.hostGuid(12), 1))).isEqualTo(new LinkEnd(FatTreeGenerator.leafGuid(6), 2));
    }
}
