package io.fabricpulse.model.topology;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ibsim's own sample topologies, as the ibsim-utils package installs them: we read each one, and
 * read it to the same fabric (GUIDs, descriptions, cables) that ibnetdiscover reported when ibsim
 * simulated it (the outputs are test resources, captured once with the real tools).
 */
class IbsimSampleFilesTest {

    @ParameterizedTest
    @ValueSource(strings = {"net", "net.1", "net.2sw2path", "net.2sw2path4hca", "net.2sw2path4hca2port"})
    void readsIbsimsSampleAndWritesItBackUnchanged(String name) throws Exception {
        Path sample = IbsimTools.NET_EXAMPLES.resolve(name);
        IbsimTools.require(sample, "ibsim's sample topology " + name);

        Topology topology = TopologyParser.parse(sample);

        assertThat(topology.nodes()).isNotEmpty();
        assertThat(topology.links()).isNotEmpty();
        assertThat(TopologyParser.parse(TopologyWriter.toText(topology, name))).isEqualTo(topology);
    }

    @ParameterizedTest
    @ValueSource(strings = {"net", "net.2sw2path4hca", "net.2sw2path4hca2port"})
    void numbersGuidsExactlyAsIbsimDid(String name) throws Exception {
        Path sample = IbsimTools.NET_EXAMPLES.resolve(name);
        IbsimTools.require(sample, "ibsim's sample topology " + name);

        Topology ours = TopologyParser.parse(sample);
        Topology discovered = TopologyParserTest.resource("ibnetdiscover-of-ibsim-" + name + ".txt");

        assertThat(sorted(discovered.nodes())).extracting(n -> n.guid() + " " + n.type() + " " + n.numPorts() + " " + n.description()
                        + " " + n.systemImageGuid() + " " + n.addresses().stream().map(a -> a.port() + ":" + a.guid()).toList())
                .isEqualTo(sorted(ours.nodes()).stream().map(n -> n.guid() + " " + n.type() + " " + n.numPorts() + " " + n.description()
                        + " " + n.systemImageGuid() + " " + n.addresses().stream().map(a -> a.port() + ":" + a.guid()).toList()).toList());
        assertThat(discovered.links()).extracting(l -> l.a() + "-" + l.b())
                .isEqualTo(ours.links().stream().map(l -> l.a() + "-" + l.b()).toList());
        assertThat(Files.readString(sample)).as("the sample states no rates; ibsim brought the links up at its default")
                .doesNotContain("4x");
        assertThat(discovered.links()).allSatisfy(l -> assertThat(l.width() + " " + l.speed()).isEqualTo("X4 SDR"));
    }

    private static List<TopologyNode> sorted(List<TopologyNode> nodes) {
        return nodes.stream().sorted(Comparator.comparingLong(TopologyNode::guid)).toList();
    }
}
