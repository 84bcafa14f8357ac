package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

class TopologyParserTest {

    static Topology resource(String name) throws IOException, TopologyParseException {
        try (InputStream in = TopologyParserTest.class.getResourceAsStream(name)) {
            assertThat(in).as("test resource " + name).isNotNull();
            return TopologyParser.parse(in);
        }
    }

    static String resourceText(String name) throws IOException {
        try (InputStream in = TopologyParserTest.class.getResourceAsStream(name)) {
            assertThat(in).as("test resource " + name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsTheSeedFragmentWithItsSwitchAndTheHostsItReaches() throws Exception {
        Topology topology = resource("seed-000-ibnetdiscover.txt");

        TopologyNode sw = topology.node(0x2c90200410d02L).orElseThrow();
        assertThat(sw.type()).isEqualTo(NodeType.SWITCH);
        assertThat(sw.numPorts()).isEqualTo(24);
        assertThat(sw.description()).isEqualTo("MT47396 Infiniscale-III Mellanox Technologies");
        assertThat(sw.addresses()).containsExactly(new PortAddress(0, 0x2c90200410d02L, 2));

        TopologyNode rac1001 = topology.node(0x00188b9097fe8e41L).orElseThrow();
        assertThat(rac1001.type()).isEqualTo(NodeType.CA);
        assertThat(rac1001.description()).isEqualTo("rac1001 HCA-1");
        assertThat(rac1001.addresses()).containsExactly(new PortAddress(1, 0x188b9097fe8e42L, 4));
        assertThat(topology.node(0x00188b9097fe906dL).orElseThrow().addresses())
                .containsExactly(new PortAddress(1, 0x188b9097fe906eL, 9));

        assertThat(topology.links()).containsExactlyInAnyOrder(
                Link.between(new LinkEnd(0x2c90200410d02L, 16), new LinkEnd(0x00188b9097fe8e41L, 1), LinkWidth.X4, LinkSpeed.DDR),
                Link.between(new LinkEnd(0x2c90200410d02L, 15), new LinkEnd(0x00188b9097fe906dL, 1), LinkWidth.X4, LinkSpeed.DDR));
    }

    @Test
    void refusesTheSeedAuthorsCaretAnnotationWithItsLineNumber() throws Exception {
        String text = resourceText("seed-000-ibnetdiscover.txt")
                + "^^^^ ib port where host is connected            comment area and host's LID ^^^\n";
        int annotationLine = (int) text.lines().count();

        assertThatThrownBy(() -> TopologyParser.parse(text))
                .isInstanceOfSatisfying(TopologyParseException.class, e -> {
                    assertThat(e.line()).isEqualTo(annotationLine);
                    assertThat(e.column()).isEqualTo(1);
                    assertThat(e.reason()).contains("expected a node header").contains("'^^^^'");
                });
    }

    @Test
    void readsBothEndsOfEveryCableOnceWithLidsAndPortGuids() throws Exception {
        Topology topology = TopologyParser.parse("""
                vendid=0x2c9
                devid=0xcf08
                sysimgguid=0x98039b0300000100
                switchguid=0x98039b0300000001(98039b0300000001)
                Switch\t36 "S-98039b0300000001"\t\t# "MF0;leaf01:SB7800/U1" enhanced port 0 lid 7 lmc 0
                [1]\t"H-0c42a10300000010"[1](c42a10300000011) \t\t# "node0001 HCA-1" lid 12 4xEDR
                [2][ext 2]\t"H-0c42a10300000020"[1](c42a10300000021) \t\t# "node0002 HCA-1" lid 13 4xEDR s=4 w=2 v=4

                vendid=0x2c9
                devid=0x1017
                caguid=0xc42a10300000010
                Ca\t1 "H-0c42a10300000010"\t\t# "node0001 HCA-1"
                [1](c42a10300000011) \t"S-98039b0300000001"[1]\t\t# lid 12 lmc 0 "MF0;leaf01:SB7800/U1" lid 7 4xEDR

                caguid=0xc42a10300000020
                Ca\t1 "H-0c42a10300000020"\t\t# "node0002 HCA-1"
                [1](c42a10300000021) \t"S-98039b0300000001"[2]\t\t# lid 13 lmc 0 "MF0;leaf01:SB7800/U1" lid 7 4xEDR
                """);

        TopologyNode leaf = topology.nodes().getFirst();
        assertThat(leaf.vendorId()).isEqualTo(0x2c9);
        assertThat(leaf.deviceId()).isEqualTo(0xcf08);
        assertThat(leaf.systemImageGuid()).isEqualTo(0x98039b0300000100L);
        assertThat(leaf.addresses()).containsExactly(new PortAddress(0, 0x98039b0300000001L, 7));
        TopologyNode node2 = topology.nodes().getLast();
        assertThat(node2.vendorId()).as("vendid holds for one node only, as in ibsim").isZero();
        assertThat(node2.deviceId()).as("devid holds until changed, as in ibsim").isEqualTo(0x1017);
        assertThat(node2.systemImageGuid()).as("no sysimgguid: the node GUID").isEqualTo(0x0c42a10300000020L);
        assertThat(node2.addresses()).containsExactly(new PortAddress(1, 0x0c42a10300000021L, 13));
        assertThat(topology.links()).hasSize(2).allSatisfy(link -> {
            assertThat(link.width()).isEqualTo(LinkWidth.X4);
            assertThat(link.speed()).isEqualTo(LinkSpeed.EDR);
        });
    }

    @Test
    void numbersFreeIdsTheWayIbsimDoes() throws Exception {
        Topology topology = TopologyParser.parse("""
                Switch 8 "Switch1"
                [1] "Hca1"[2]
                [2] "Hca2"

                Hca 2 "Hca1"
                [2] "Switch1"[1]

                Ca 1 "Hca2"
                [1] "Switch1"[2]
                """);

        assertThat(topology.nodes()).extracting(TopologyNode::guid, TopologyNode::description)
                .containsExactly(
                        tuple(0x200000L, "Switch1"),
                        tuple(0x100000L, "Hca1"),
                        tuple(0x100003L, "Hca2"));
        assertThat(topology.node(0x100000L).orElseThrow().addresses()).containsExactly(new PortAddress(2, 0x100002L, 0));
        assertThat(topology.links()).containsExactly(
                new Link(new LinkEnd(0x100000L, 2), new LinkEnd(0x200000L, 1), null, null),
                new Link(new LinkEnd(0x100003L, 1), new LinkEnd(0x200000L, 2), null, null));
    }

    @Test
    void bringsLinksUpAtTheBestRateBothEndsEnableWhenOnlyIbsimMasksAreGiven() throws Exception {
        Topology topology = TopologyParser.parse("""
                extspeed=3
                Switch 4 "Switch1"
                [1] "Hca1"[1] w=1
                [2] "Hca2"[1]

                Hca 1 "Hca1"
                [1] "Switch1"[1] w=3

                Hca 1 "Hca2"
                [1] "Switch1"[2] w=3 e=1
                """);

        assertThat(topology.links()).extracting(Link::width, Link::speed)
                .containsExactly(
                        tuple(LinkWidth.X1, LinkSpeed.EDR),
                        tuple(LinkWidth.X4, LinkSpeed.FDR));
    }

    @Test
    void keepsDescriptionsWithBlanksHashesAndUnquotedIbsimStyle() throws Exception {
        Topology topology = TopologyParser.parse("""
                # comment lines anywhere
                \tSwitch   4  "sw-a"   # "core #1 (row 4)" base port 0 lid 3 lmc 0
                   # a comment inside the record
                [1]  "sw-b"[1]  # "edge # 2" lid 4 4xHDR
                Switch 4 "sw-b" # edge two lid 4
                [1] "sw-a"[1] # "core #1 (row 4)" lid 3 4xHDR
                """);

        assertThat(topology.nodes()).extracting(TopologyNode::description).containsExactly("core #1 (row 4)", "edge two");
        assertThat(topology.nodes().getLast().addresses()).containsExactly(new PortAddress(0, 0x200001L, 4));
    }

    @Test
    void ignoresTheGroupingLinesOfIbnetdiscoverG() throws Exception {
        Topology topology = TopologyParser.parse("""
                Chassis 1 (guid 0x2c90200410d05)

                # Spine Nodes
                vendid=0x2c9
                sysimgguid=0x2c90200410d05\t\t# Chassis 1 (ISR9288)
                switchguid=0x2c90200410d02(2c90200410d02)\t# ISR9288 Spine 1 Chip 1
                Switch\t24 "S-0002c90200410d02"\t\t# "spine" base port 0 lid 2 lmc 0
                [1][ext 1]\t"S-0002c90200410d03"[2][ext 9]\t\t# "line" lid 3 4xDDR

                Non-Chassis Nodes
                Hostname: admin1
                switchguid=0x2c90200410d03(2c90200410d03)
                Switch\t24 "S-0002c90200410d03"\t\t# "line" base port 0 lid 3 lmc 0
                [2]\t"S-0002c90200410d02"[1]\t\t# "spine" lid 2 4xDDR
                """);

        assertThat(topology.nodes()).hasSize(2);
        assertThat(topology.nodes().getFirst().systemImageGuid()).isEqualTo(0x2c90200410d05L);
        assertThat(topology.links()).hasSize(1);
    }

    @Test
    void readsRoutersAndBackToBackHosts() throws Exception {
        Topology topology = TopologyParser.parse("""
                caguid=0x10
                Ca\t2 "H-0000000000000010"\t\t# "a"
                [1](11) \t"H-0000000000000020"[2] (22) \t\t# lid 1 lmc 0 "b" lid 2 4xNDR
                [2](12) \t"R-0000000000000030"[1] (31) \t\t# lid 5 lmc 0 "router" lid 6 ??HDR

                caguid=0x20
                Ca\t2 "H-0000000000000020"\t\t# "b"
                [2](22) \t"H-0000000000000010"[1] (11) \t\t# lid 2 lmc 0 "a" lid 1 4xNDR

                rtguid=0x30
                Rt\t1 "R-0000000000000030"\t\t# "router"
                [1](31) \t"H-0000000000000010"[2] (12) \t\t# lid 6 lmc 0 "a" lid 5 ?????
                """);

        assertThat(topology.node(0x30L).orElseThrow().type()).isEqualTo(NodeType.ROUTER);
        assertThat(topology.links()).extracting(Link::width, Link::speed).containsExactly(
                tuple(LinkWidth.X4, LinkSpeed.NDR),
                tuple(null, LinkSpeed.HDR));
    }

    @Test
    void acceptsWindowsLineEndsAndAnEmptyFile() throws Exception {
        assertThat(TopologyParser.parse("Switch 2 \"a\"\r\n[1] \"b\"[1]\r\nSwitch 2 \"b\"\r\n[1] \"a\"[1]\r\n").links()).hasSize(1);
        assertThat(TopologyParser.parse("\uFEFF# saved by a Windows editor\nSwitch 2 \"a\"\n").nodes()).hasSize(1);
        assertThat(TopologyParser.parse("").nodes()).isEmpty();
        assertThat(TopologyParser.parse(new byte[0]).links()).isEmpty();
    }

    @Test
    void refusesBytesThatAreNotUtf8AtTheirLine() {
        byte[] bytes = "Switch 2 \"a\"\n# caf\u00e9\n# \u0000\n".getBytes(StandardCharsets.UTF_8);
        byte[] broken = Arrays.copyOf(bytes, bytes.length + 3);
        broken[bytes.length] = '#';
        broken[bytes.length + 1] = (byte) 0xC3;
        broken[bytes.length + 2] = '\n';

        assertThatThrownBy(() -> TopologyParser.parse(broken))
                .isInstanceOfSatisfying(TopologyParseException.class, e -> {
                    assertThat(e.line()).isEqualTo(4);
                    assertThat(e.reason()).isEqualTo("not UTF-8 text");
                });
    }

    static List<String> lines(String text) {
        return text.lines().toList();
    }
}
