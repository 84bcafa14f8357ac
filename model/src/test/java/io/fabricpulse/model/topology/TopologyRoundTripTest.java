package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TopologyRoundTripTest {

    @ParameterizedTest
    @ValueSource(strings = {"seed-000-ibnetdiscover.txt", "ibnetdiscover-of-ibsim-net.txt",
            "ibnetdiscover-of-ibsim-net.2sw2path4hca.txt", "ibnetdiscover-of-ibsim-net.2sw2path4hca2port.txt"})
    void writingAndReadingBackGivesTheSameTopology(String resource) throws Exception {
        Topology topology = TopologyParserTest.resource(resource);

        String written = TopologyWriter.toText(topology, resource);

        assertThat(TopologyParser.parse(written)).isEqualTo(topology);
        assertThat(TopologyWriter.toText(TopologyParser.parse(written), resource)).as("a fixed point").isEqualTo(written);
    }

    @Test
    void unknownRatesAreWrittenAsIbnetdiscoverDoesAndReadBackAsUnknown() throws Exception {
        Topology topology = new Topology(List.of(
                new TopologyNode(0x20, NodeType.SWITCH, 4, "sw", 0x20, 0, 0, List.of(new PortAddress(0, 0x20, 3))),
                new TopologyNode(0x10, NodeType.CA, 2, "host one", 0x10, 0x2c9, 4123,
                        List.of(new PortAddress(1, 0x11, 5), new PortAddress(2, 0x12, 6))),
                new TopologyNode(0x30, NodeType.ROUTER, 1, "rt", 0x30, 0, 0, List.of(new PortAddress(1, 0x31, 0)))),
                List.of(Link.between(new LinkEnd(0x10, 1), new LinkEnd(0x20, 1), LinkWidth.X4, null),
                        Link.between(new LinkEnd(0x10, 2), new LinkEnd(0x20, 2), null, LinkSpeed.HDR),
                        Link.between(new LinkEnd(0x30, 1), new LinkEnd(0x20, 4), null, null)));

        String written = TopologyWriter.toText(topology, "mixed");

        assertThat(written).contains("# lid 5 lmc 0 \"sw\" lid 3 4x???\n", "# lid 6 lmc 0 \"sw\" lid 3 ??HDR\n", "\"rt\" lid 0\n",
                "[1](11) \t\"S-0000000000000020\"[1]", "rtguid=0x30\nRt\t1 \"R-0000000000000030\"");
        assertThat(TopologyParser.parse(written)).isEqualTo(topology);
    }
}
