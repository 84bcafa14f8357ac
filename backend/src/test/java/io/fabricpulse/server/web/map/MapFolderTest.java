package io.fabricpulse.server.web.map;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.topology.LinkHealth;
import io.fabricpulse.server.topology.LinkHealth.Status;
import io.fabricpulse.server.topology.TopologyDocument;
import io.fabricpulse.server.web.ShortNames;
import io.fabricpulse.server.web.map.MapGraph.Kind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

class MapFolderTest {

    @Test
    void aSpineLeafFabricHasTwoTiersAndItsHostsUnderTheirLeaf() {
        Fabric fabric = new Fabric();
        List<String> spines = fabric.switches("MF0;spine%02d:SB7800/U1", 4);
        List<String> leaves = fabric.switches("MF0;leaf%02d:SB7800/U1", 6);
        fabric.mesh(leaves, spines);
        leaves.forEach(leaf -> fabric.hosts(leaf, 10));

        MapGraph graph = MapFolder.fold(fabric.doc()).graph();

        assertThat(graph.tiers()).isEqualTo(2);
        assertThat(graph.nodes()).filteredOn(n -> n.tier() == 2).extracting(MapGraph.Node::label)
                .containsExactly("spine01", "spine02", "spine03", "spine04");
        assertThat(graph.nodes()).filteredOn(n -> n.kind() == Kind.HOSTS).hasSize(6)
                .allSatisfy(n -> assertThat(n.members()).isEqualTo(10));
        assertThat(graph.edges()).hasSize(6 * 4 + 6);
        assertThat(graph.summary()).isEqualTo(new MapGraph.Summary(4 + 6 + 60, 10, 60, 24 + 60, 0, 0, 0, 84, 0));
    }

    @Test
    void aThreeTierFabricIsLayeredByCablingAndItsWideTiersAreDrawnAsPods() {
        Fabric fabric = threeTier(14, 4, 8, 2, 3);
        MapGraph graph = MapFolder.fold(fabric.doc()).graph();

        assertThat(graph.tiers()).isEqualTo(3);
        Map<Integer, List<MapGraph.Node>> byTier = graph.nodes().stream()
                .collect(Collectors.groupingBy(MapGraph.Node::tier));
        // 112 leaves and 56 aggregation switches are wider than one row: one group per pod each.
        assertThat(byTier.get(1)).hasSize(14).allSatisfy(n -> {
            assertThat(n.kind()).isEqualTo(Kind.SWITCH_GROUP);
            assertThat(n.members()).isEqualTo(8);
        });
        assertThat(byTier.get(2)).hasSize(14).allSatisfy(n -> assertThat(n.members()).isEqualTo(4));
        assertThat(byTier.get(3)).hasSize(8).allSatisfy(n -> assertThat(n.kind()).isEqualTo(Kind.SWITCH));
        assertThat(byTier.get(1).getFirst().label()).isEqualTo("p01-leaf01–p01-leaf08 (8)");
        // Bundles, not cables: pod leaves to pod aggregations, aggregations to cores, hosts to their leaves.
        assertThat(graph.edges()).hasSize(14 + 14 * 8 + 14);
        assertThat(graph.edges().stream().mapToInt(MapGraph.Edge::cables).sum())
                .isEqualTo(fabric.links.size() - 0 /* none inside a group: no leaf-leaf cables */);
    }

    @Test
    void aBadCableColoursItsBundleAndGroupsAndTopsTheWorstList() {
        Fabric fabric = threeTier(4, 2, 3, 2, 2);
        TopologyDocument.Link down = fabric.links.get(7);
        TopologyDocument.Link errors = fabric.links.get(3);
        fabric.links.set(7, fabric.withHealth(down, new LinkHealth(Status.DOWN, 0, List.of(), null)));
        fabric.links.set(3, fabric.withHealth(errors, new LinkHealth(Status.ERRORS, 2.5, List.of(), 0.4)));

        MapFolder.Folded folded = MapFolder.fold(fabric.doc());

        assertThat(folded.graph().worst()).extracting(MapGraph.Cable::status).containsExactly(Status.DOWN, Status.ERRORS);
        MapGraph.Cable worst = folded.graph().worst().getFirst();
        assertThat(folded.cables().get(worst.edge())).contains(fabric.links.get(7));
        MapGraph.Edge bundle = folded.graph().edges().stream().filter(e -> e.id().equals(worst.edge())).findFirst()
                .orElseThrow();
        assertThat(bundle.status()).isEqualTo(Status.DOWN);
        assertThat(bundle.problems()).isEqualTo(1);
        assertThat(folded.graph().nodes()).filteredOn(n -> n.id().equals(bundle.source()) || n.id().equals(bundle.target()))
                .allSatisfy(n -> assertThat(n.status()).isEqualTo(Status.DOWN));
        assertThat(folded.graph().summary().down()).isEqualTo(1);
        assertThat(folded.graph().summary().errors()).isEqualTo(1);
    }

    /** 20 spines over 36 leaves, each spine alone, would be 720 crossing bundles: spines are drawn as runs instead. */
    @Test
    void aDenseSpineMeshIsDrawnAsBundlesBetweenSpineGroupsAndLeaves() {
        Fabric fabric = new Fabric();
        List<String> spines = fabric.switches("spine%02d", 20);
        List<String> leaves = fabric.switches("leaf%02d", 36);
        fabric.mesh(leaves, spines);
        leaves.forEach(leaf -> fabric.hosts(leaf, 2));

        MapFolder.Folded folded = MapFolder.fold(fabric.doc());
        MapGraph graph = folded.graph();

        List<MapGraph.Node> spineRow = graph.nodes().stream().filter(n -> n.tier() == 2)
                .sorted(Comparator.comparingInt(MapGraph.Node::order)).toList();
        assertThat(spineRow).hasSizeGreaterThan(1).allSatisfy(n -> assertThat(n.kind()).isEqualTo(Kind.SWITCH_GROUP));
        assertThat(spineRow.stream().mapToInt(MapGraph.Node::members).sum()).isEqualTo(20);
        assertThat(spineRow.getFirst().label()).startsWith("spine01–");
        assertThat(graph.nodes()).filteredOn(n -> n.tier() == 1).hasSize(36)
                .allSatisfy(n -> assertThat(n.kind()).isEqualTo(Kind.SWITCH));
        List<MapGraph.Edge> mesh = graph.edges().stream().filter(e -> !e.source().startsWith("hosts:")
                && !e.target().startsWith("hosts:")).toList();
        assertThat(mesh).hasSize(spineRow.size() * 36).hasSizeLessThanOrEqualTo(MapFolder.MESH);
        assertThat(mesh.stream().mapToInt(MapGraph.Edge::cables).sum()).as("every spine cable in a bundle").isEqualTo(720);
        spines.forEach(spine -> assertThat(folded.drawnOf().get(spine)).startsWith("group:2:"));
    }

    @Test
    void aWideTierWhoseSwitchesAllShareTheirNeighboursIsDrawnAsRunsByName() {
        Fabric fabric = new Fabric();
        List<String> spines = fabric.switches("spine%03d", 2);
        List<String> leaves = fabric.switches("leaf%03d", 100);
        fabric.mesh(leaves, spines);
        leaves.forEach(leaf -> fabric.hosts(leaf, 1));

        MapGraph graph = MapFolder.fold(fabric.doc()).graph();

        List<MapGraph.Node> leafRow = graph.nodes().stream().filter(n -> n.tier() == 1)
                .sorted(Comparator.comparingInt(MapGraph.Node::order)).toList();
        assertThat(leafRow).hasSizeLessThanOrEqualTo(MapFolder.WIDE);
        assertThat(leafRow.stream().mapToInt(MapGraph.Node::members).sum()).isEqualTo(100);
        assertThat(leafRow).allSatisfy(n -> assertThat(n.members()).isBetween(2, 3));
        assertThat(leafRow.getFirst().label()).startsWith("leaf001–");
        assertThat(leafRow.getLast().label()).contains("–leaf100");
    }

    @Test
    void namesAreShortenedForTheMap() {
        assertThat(ShortNames.of("MF0;leaf03:SB7800/U1")).isEqualTo("leaf03");
        assertThat(ShortNames.of("rac1001 HCA-1")).isEqualTo("rac1001");
        assertThat(ShortNames.of("gpu12 mlx5_0")).isEqualTo("gpu12");
        assertThat(ShortNames.of("core switch 7")).isEqualTo("core switch 7");
        assertThat(List.of("leaf10", "leaf2", "leaf01", "Leaf3").stream().sorted(MapFolder::compareNatural).toList())
                .containsExactly("leaf01", "leaf2", "Leaf3", "leaf10");
    }

    /** Pods of aggregation switches and leaves (full mesh inside a pod), aggregation j of every pod to plane j's cores. */
    private static Fabric threeTier(int pods, int aggsPerPod, int leavesPerPod, int coresPerPlane, int hostsPerLeaf) {
        Fabric fabric = new Fabric();
        List<List<String>> planes = new ArrayList<>();
        for (int plane = 1; plane <= aggsPerPod; plane++) {
            planes.add(fabric.switches("core" + plane + "-%d", coresPerPlane));
        }
        for (int pod = 1; pod <= pods; pod++) {
            String prefix = String.format("p%02d-", pod);
            List<String> aggs = fabric.switches(prefix + "agg%02d", aggsPerPod);
            List<String> leaves = fabric.switches(prefix + "leaf%02d", leavesPerPod);
            fabric.mesh(leaves, aggs);
            for (int j = 0; j < aggsPerPod; j++) {
                fabric.mesh(List.of(aggs.get(j)), planes.get(j));
            }
            leaves.forEach(leaf -> fabric.hosts(leaf, hostsPerLeaf));
        }
        return fabric;
    }

    private static final class Fabric {
        final List<TopologyDocument.Node> nodes = new ArrayList<>();
        final List<TopologyDocument.Link> links = new ArrayList<>();
        final Map<String, Integer> nextPort = new java.util.HashMap<>();
        int guids = 1;

        List<String> switches(String pattern, int count) {
            List<String> made = new ArrayList<>();
            for (int i = 1; i <= count; i++) {
                made.add(node(NodeType.SWITCH, String.format(pattern, i)));
            }
            return made;
        }

        void hosts(String leaf, int count) {
            for (int i = 0; i < count; i++) {
                String host = node(NodeType.CA, "h" + guids + " HCA-1");
                cable(leaf, host);
            }
        }

        void mesh(List<String> lower, List<String> upper) {
            lower.forEach(l -> upper.forEach(u -> cable(l, u)));
        }

        String node(NodeType type, String name) {
            String guid = String.format("0x%016x", guids++);
            nodes.add(new TopologyDocument.Node(guid, type, name, name, 36, List.of()));
            return guid;
        }

        void cable(String a, String b) {
            Function<String, TopologyDocument.End> end = guid -> new TopologyDocument.End(guid, name(guid),
                    nextPort.merge(guid, 1, Integer::sum), 1, null, null, null, null, Set.of(), Set.of());
            links.add(new TopologyDocument.Link(end.apply(a), end.apply(b), null, null,
                    new LinkHealth(Status.OK, 0, List.of(), 0.1)));
        }

        TopologyDocument.Link withHealth(TopologyDocument.Link link, LinkHealth health) {
            return new TopologyDocument.Link(link.a(), link.b(), link.width(), link.speed(), health);
        }

        String name(String guid) {
            return nodes.stream().filter(n -> n.guid().equals(guid)).findFirst().orElseThrow().name();
        }

        TopologyDocument doc() {
            return new TopologyDocument(List.copyOf(nodes), List.copyOf(links));
        }
    }
}
