package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.topology.Link;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.PortAddress;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyNode;
import io.fabricpulse.model.topology.TopologyParseException;
import io.fabricpulse.model.topology.TopologyParser;
import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * Seeded random fabrics (any shape: loops, parallel cables, CA-to-CA cables, a port cabled to its own
 * node) walked as they are, with lost requests, and with corrupted answers. As they are, the walk
 * finds exactly what directed routes can reach; with losses, a part of it, whose text reads back; with
 * corruption, anything, but always a consistent topology and never an exception.
 */
class DiscoveryFuzzTest {

    private static final int FABRICS = Integer.getInteger("fabricpulse.fuzz.fabrics", 60);

    @Test
    void aWalkFindsExactlyWhatDirectedRoutesReach() {
        for (int seed = 0; seed < FABRICS; seed++) {
            Topology fabric = randomFabric(new Random(seed));
            DiscoveredFabric found = FabricDiscovererTest.discover(new SimulatedAgents(fabric, 1, 1, Runnable::run));
            assertThat(found.problems()).as("seed %d", seed).isEmpty();
            assertThat(found.topology().links()).as("seed %d", seed).isEqualTo(reachableLinks(fabric));
            assertThat(found.topology().nodes().stream().map(TopologyNode::guid).collect(Collectors.toSet()))
                    .as("seed %d", seed).isEqualTo(reachableNodes(fabric));
        }
    }

    @Test
    void lostRequestsLeaveAPartOfTheFabricAndAreCounted() {
        for (int seed = 0; seed < FABRICS; seed++) {
            Topology fabric = randomFabric(new Random(seed));
            DiscoveredFabric found = FabricDiscovererTest.discover(new SimulatedAgents(fabric, 1, 1, Runnable::run)
                    .dropping(0.15, seed));
            assertThat(ends(reachableLinks(fabric))).as("seed %d", seed).containsAll(ends(found.topology().links()));
            assertThat(found.failedRequests() > 0 || found.topology().links().equals(reachableLinks(fabric)))
                    .as("seed %d: a walk with no loss is complete", seed).isTrue();
            assertReadsBack(found, seed);
        }
    }

    @Test
    void corruptedAnswersNeverBreakTheWalk() {
        for (int seed = 0; seed < FABRICS; seed++) {
            Topology fabric = randomFabric(new Random(seed));
            SplittableRandom noise = new SplittableRandom(seed);
            SimulatedAgents agents = new SimulatedAgents(fabric, 1, 1, Runnable::run);
            for (TopologyNode node : fabric.nodes()) {
                agents.lying(node.guid(), answer -> {
                    for (int flips = noise.nextInt(4); flips > 0; flips--) {
                        int at = Mads.DATA_OFFSET + noise.nextInt(64);
                        answer[at] ^= (byte) (1 << noise.nextInt(8));
                    }
                    return answer;
                });
            }
            DiscoveredFabric found = FabricDiscovererTest.discover(agents);
            String text = IbnetdiscoverText.of(found, ZonedDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC));
            try {
                assertThat(TopologyParser.parse(text).links()).as("seed %d", seed).isEqualTo(found.topology().links());
            } catch (TopologyParseException e) {
                // Each end prints its own PortInfo's rate, as ibnetdiscover does; corrupted answers can make the
                // two ends disagree, which a topology file may not (a live link's ends always agree).
                assertThat(e.getMessage()).as("seed %d", seed).contains("the two ends of a cable disagree on its");
            }
        }
    }

    /** Which ports a link joins (a link whose two PortInfo answers were both lost has no rate). */
    private static List<List<LinkEnd>> ends(List<Link> links) {
        return links.stream().map(l -> List.of(l.a(), l.b())).toList();
    }

    private static void assertReadsBack(DiscoveredFabric found, int seed) {
        String text = IbnetdiscoverText.of(found, ZonedDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC));
        assertThatCode(() -> assertThat(TopologyParser.parse(text).links()).isEqualTo(found.topology().links()))
                .as("seed %d:%n%s", seed, text).doesNotThrowAnyException();
    }

    /** Node 1 is the host the walk starts from, its port 1 always cabled; the rest is random. */
    static Topology randomFabric(Random random) {
        List<TopologyNode> nodes = new ArrayList<>();
        List<LinkEnd> ports = new ArrayList<>();
        int switches = 1 + random.nextInt(10);
        int cas = 1 + random.nextInt(15);
        for (int i = 0; i < switches + cas; i++) {
            boolean isSwitch = i >= cas;
            long guid = i + 1;
            int numPorts = isSwitch ? 2 + random.nextInt(14) : 1 + random.nextInt(2);
            List<PortAddress> addresses = new ArrayList<>();
            for (int p = 1; p <= numPorts; p++) {
                ports.add(new LinkEnd(guid, p));
            }
            nodes.add(new TopologyNode(guid, isSwitch ? NodeType.SWITCH : NodeType.CA, numPorts, "node " + guid, guid,
                    0x2c9, 0xcf08, addresses));
        }
        Collections.shuffle(ports, random);
        ports.remove(new LinkEnd(1, 1));
        ports.addFirst(new LinkEnd(1, 1));
        List<Link> links = new ArrayList<>();
        int cables = random.nextInt(ports.size() / 2 + 1);
        for (int c = 0; c < Math.max(1, cables); c++) {
            LinkEnd a = ports.get(2 * c);
            LinkEnd b = ports.get(2 * c + 1);
            links.add(Link.between(a, b, LinkWidth.values()[random.nextInt(4)], LinkSpeed.values()[random.nextInt(3)]));
        }
        return withAddresses(nodes, links);
    }

    /** CAs get addresses for their cabled ports, as the model requires; LIDs from 1 up. */
    private static Topology withAddresses(List<TopologyNode> nodes, List<Link> links) {
        Set<LinkEnd> cabled = new HashSet<>();
        links.forEach(l -> {
            cabled.add(l.a());
            cabled.add(l.b());
        });
        List<TopologyNode> addressed = new ArrayList<>();
        int lid = 1;
        for (TopologyNode node : nodes) {
            List<PortAddress> addresses = new ArrayList<>();
            if (node.isSwitch()) {
                addresses.add(new PortAddress(0, node.guid(), lid++));
            } else {
                for (int p = 1; p <= node.numPorts(); p++) {
                    if (cabled.contains(new LinkEnd(node.guid(), p))) {
                        addresses.add(new PortAddress(p, (node.guid() << 8) + p, lid++));
                    }
                }
            }
            addressed.add(new TopologyNode(node.guid(), node.type(), node.numPorts(), node.description(),
                    node.systemImageGuid(), node.vendorId(), node.deviceId(), addresses));
        }
        return new Topology(addressed, links);
    }

    /** Nodes a directed route from node 1's port 1 reaches: through switches only (and the start port). */
    private static Set<Long> reachableNodes(Topology fabric) {
        Set<Long> seen = new HashSet<>(Set.of(1L));
        Deque<Long> queue = new ArrayDeque<>();
        fabric.linkAt(new LinkEnd(1, 1)).map(l -> l.otherEnd(new LinkEnd(1, 1)).nodeGuid()).ifPresent(g -> {
            seen.add(g);
            queue.add(g);
        });
        while (!queue.isEmpty()) {
            TopologyNode node = fabric.node(queue.poll()).orElseThrow();
            if (!node.isSwitch()) {
                continue;
            }
            for (int p = 1; p <= node.numPorts(); p++) {
                LinkEnd end = new LinkEnd(node.guid(), p);
                fabric.linkAt(end).map(l -> l.otherEnd(end).nodeGuid()).filter(seen::add).ifPresent(queue::add);
            }
        }
        return seen;
    }

    /** The cables at a reachable switch's ports, and the start port's. */
    private static List<Link> reachableLinks(Topology fabric) {
        Set<Long> reachable = reachableNodes(fabric);
        return fabric.links().stream().filter(l -> l.touches(new LinkEnd(1, 1))
                || isReachableSwitch(fabric, reachable, l.a()) || isReachableSwitch(fabric, reachable, l.b())).toList();
    }

    private static boolean isReachableSwitch(Topology fabric, Set<Long> reachable, LinkEnd end) {
        return reachable.contains(end.nodeGuid()) && fabric.node(end.nodeGuid()).orElseThrow().isSwitch();
    }
}
