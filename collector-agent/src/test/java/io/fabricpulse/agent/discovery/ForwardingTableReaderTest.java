package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.umad.EngineSettings;
import io.fabricpulse.model.ingest.ForwardingTable;
import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.topology.PortAddress;
import io.fabricpulse.model.topology.TopologyNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static io.fabricpulse.agent.discovery.FabricDiscovererTest.FAT_TREE;
import static io.fabricpulse.agent.discovery.FabricDiscovererTest.FIRST_HOST;
import static org.assertj.core.api.Assertions.assertThat;

/** Reading every switch's forwarding table as ibroute does, against in-process agents: whole, lossy, lying, silent. */
class ForwardingTableReaderTest {

    private final ExecutorService receiver = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        receiver.shutdownNow();
    }

    /** A table per switch whose ports say where they came from: random valid ports, 0 for itself, some unrouted. */
    private static Map<Long, byte[]> tables(long seed) {
        int top = FAT_TREE.nodes().stream().flatMap(n -> n.addresses().stream()).mapToInt(PortAddress::lid).max()
                .orElseThrow() + 70; // past a block boundary: the last block is partly beyond the top
        SplittableRandom random = new SplittableRandom(seed);
        Map<Long, byte[]> tables = new HashMap<>();
        for (TopologyNode node : FAT_TREE.nodes()) {
            if (node.isSwitch()) {
                byte[] ports = new byte[top + 1];
                for (int lid = 0; lid <= top; lid++) {
                    ports[lid] = (byte) (random.nextInt(10) == 0 ? 0xff : 1 + random.nextInt(node.numPorts()));
                }
                ports[node.address(0).lid()] = 0;
                tables.put(node.guid(), ports);
            }
        }
        return tables;
    }

    private SimulatedAgents agents(Map<Long, byte[]> tables) {
        SimulatedAgents agents = new SimulatedAgents(FAT_TREE, FIRST_HOST, 1, receiver);
        tables.forEach(agents::forwarding);
        return agents;
    }

    private static ForwardingTableReader.Result read(SimulatedAgents agents, DiscoveredFabric fabric) {
        return new ForwardingTableReader(agents, EngineSettings.DEFAULTS, Clock.systemUTC()).read(fabric);
    }

    @Test
    void everySwitchsTableIsReadWholeWithItsLidAndTop() {
        Map<Long, byte[]> tables = tables(1);
        SimulatedAgents agents = agents(tables);
        DiscoveredFabric fabric = FabricDiscovererTest.discover(agents);

        ForwardingTableReader.Result result = read(agents, fabric);

        assertThat(result.problems()).isEmpty();
        assertThat(result.failedRequests()).isZero();
        assertThat(result.tables()).hasSize(tables.size());
        tables.forEach((guid, ports) -> {
            ForwardingTable table = result.tables().get(guid);
            assertThat(table.linearFdbTop()).isEqualTo(ports.length - 1);
            assertThat(table.blocks()).hasSize(ForwardingTable.blockCount(ports.length - 1)).doesNotContainNull();
            assertThat(table.ports()).as(Guids.format(guid)).isEqualTo(ports);
            assertThat(table.lid()).isEqualTo(fabric.node(guid).lidOf(0));
        });
        int blocks = tables.values().stream().mapToInt(p -> ForwardingTable.blockCount(p.length - 1)).sum();
        assertThat(result.requests()).as("SwitchInfo and PortInfo 0 per switch, then the blocks")
                .isEqualTo(2 * tables.size() + blocks);
    }

    @Test
    void aPortBeyondTheSwitchIsKeptAsReadAndNamed() {
        Map<Long, byte[]> tables = tables(2);
        TopologyNode leaf = FAT_TREE.nodes().stream().filter(TopologyNode::isSwitch).findFirst().orElseThrow();
        tables.get(leaf.guid())[5] = (byte) 200;
        SimulatedAgents agents = agents(tables);

        ForwardingTableReader.Result result = read(agents, FabricDiscovererTest.discover(agents));

        assertThat(result.tables().get(leaf.guid()).ports()[5] & 0xff).isEqualTo(200);
        assertThat(result.problems()).singleElement().asString().contains(Guids.format(leaf.guid()))
                .contains("LID 5 leaves by port 200, but the switch has " + leaf.numPorts() + " ports");
        assertThat(result.failedRequests()).isZero();
    }

    @Test
    void lostBlocksAreSentAsUnreadAndTheRestStillCounts() {
        Map<Long, byte[]> tables = tables(3);
        SimulatedAgents agents = agents(tables);
        DiscoveredFabric fabric = FabricDiscovererTest.discover(agents);
        agents.dropping(0.2, 42);

        ForwardingTableReader.Result result = read(agents, fabric);

        assertThat(result.failedRequests()).isPositive();
        int unread = 0;
        for (ForwardingTable table : result.tables().values()) {
            byte[] expected = tables.get(result.tables().entrySet().stream().filter(e -> e.getValue() == table)
                    .findFirst().orElseThrow().getKey());
            byte[] read = table.ports();
            for (int b = 0; b < table.blocks().size(); b++) {
                for (int lid = b * 64; lid < Math.min(read.length, b * 64 + 64); lid++) {
                    assertThat(read[lid]).isEqualTo(table.blocks().get(b) == null ? (byte) 0xff : expected[lid]);
                }
            }
            unread += table.unreadBlocks();
        }
        int switchesWithout = tables.size() - result.tables().size();
        assertThat(unread).isPositive();
        assertThat(result.problems()).isNotEmpty().allSatisfy(p -> assertThat(p).contains("switch 0x"));
        assertThat(result.failedRequests()).as("each lost block, and each switch whose header was lost")
                .isGreaterThanOrEqualTo(unread + switchesWithout);
    }

    @Test
    void aSilentSwitchHasNoTableAndIsNamed() {
        Map<Long, byte[]> tables = tables(4);
        SimulatedAgents agents = agents(tables);
        DiscoveredFabric fabric = FabricDiscovererTest.discover(agents);
        long lastLeaf = io.fabricpulse.agent.sim.FatTreeGenerator.leafGuid(4); // no other switch is reached through it
        agents.silence(lastLeaf);

        ForwardingTableReader.Result result = read(agents, fabric);

        assertThat(result.tables()).doesNotContainKey(lastLeaf).hasSize(tables.size() - 1);
        assertThat(result.problems()).anySatisfy(p -> assertThat(p).contains(Guids.format(lastLeaf))
                .contains("no table this time"));
    }
}
