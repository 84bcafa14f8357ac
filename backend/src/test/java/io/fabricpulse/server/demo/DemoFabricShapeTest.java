package io.fabricpulse.server.demo;

import io.fabricpulse.agent.sim.SimSource;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** fabricpulse.demo.fat-tree: the bundled 648-host demo by default, a generated fat tree of another shape on request. */
class DemoFabricShapeTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC);

    @Test
    void theDefaultShapeIsTheBundledDemo() {
        DemoProperties.FatTree shape = new DemoProperties.FatTree(18, 36, 18, 1);

        assertThat(shape.bundled()).isTrue();
        assertThat(shape.nodes()).isEqualTo(702);
        try (SimSource source = DemoAgent.source(shape, CLOCK); SimSource bundled = SimSource.demo(CLOCK)) {
            assertThat(source.poll()).isEqualTo(bundled.poll());
        }
    }

    @Test
    void anotherShapeIsGeneratedWithTheDemosFaults() {
        DemoProperties.FatTree shape = new DemoProperties.FatTree(20, 36, 54, 1);

        try (SimSource source = DemoAgent.source(shape, CLOCK)) {
            List<NodeReport> nodes = source.poll();
            assertThat(shape.bundled()).isFalse();
            assertThat(nodes).hasSize(2_000).hasSize(shape.nodes());
            assertThat(nodes.stream().filter(n -> n.type() == NodeType.SWITCH)).hasSize(56);
            assertThat(nodes).anySatisfy(n -> assertThat(n.description()).isEqualTo("node0420 HCA-1"));
        }
    }

    /** The map bench's three-tier fabric: 20 pods of 10 spines, 25 leaves and 20 hosts each, 250 cores. */
    @Test
    void podsMakeAThreeLevelFatTreeWithTheDemosFaults() {
        DemoProperties.FatTree shape = new DemoProperties.FatTree(10, 25, 20, 20);

        try (SimSource source = DemoAgent.source(shape, CLOCK)) {
            List<NodeReport> nodes = source.poll();
            assertThat(nodes).hasSize(10_950).hasSize(shape.nodes());
            assertThat(nodes.stream().filter(n -> n.type() == NodeType.SWITCH)).hasSize(200 + 500 + 250);
            assertThat(nodes).anySatisfy(n -> assertThat(n.description()).isEqualTo("MF0;core250:SB7800/U1"));
            assertThat(nodes).anySatisfy(n -> assertThat(n.description()).isEqualTo("node10000 HCA-1"));
        }
    }

    @Test
    void aShapeTheFaultsDoNotFitOrNoFatTreeIsRefusedSayingWhy() {
        assertThatThrownBy(() -> DemoAgent.source(new DemoProperties.FatTree(2, 4, 4, 1), CLOCK))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("fabricpulse.demo.fat-tree: the demo's fault script does not fit a fat tree of "
                        + "2 spines, 4 leaves and 4 hosts per leaf: ");
        assertThatThrownBy(() -> new DemoProperties.FatTree(0, 36, 18, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fabricpulse.demo.fat-tree (0 spines, 36 leaves, 18 hosts per leaf, 1 pods): "
                        + "a fat tree needs at least one spine, one leaf and one pod");
        assertThatThrownBy(() -> new DemoProperties.FatTree(18, 300, 18, 1))
                .hasMessageContaining("a switch has at most 255 ports");
    }
}
