package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.umad.EngineSettings;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.model.topology.LinkEnd;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static io.fabricpulse.agent.discovery.FabricDiscovererTest.FAT_TREE;
import static io.fabricpulse.agent.discovery.FabricDiscovererTest.FIRST_HOST;
import static io.fabricpulse.agent.sim.FatTreeGenerator.hostGuid;
import static io.fabricpulse.agent.sim.FatTreeGenerator.leafGuid;
import static org.assertj.core.api.Assertions.assertThat;

/** Sweeps against in-process agents whose counters name their port: every port read at the right LID. */
class PortSweeperTest {

    /** 36 switch ports (12 on spines, 24 on leaves) and 12 host ports. */
    private static final int CABLED_PORTS = 48;

    private final ExecutorService receiver = Executors.newSingleThreadExecutor();
    private final SimulatedAgents agents = new SimulatedAgents(FAT_TREE, FIRST_HOST, 1, receiver);
    private final DiscoveredFabric fabric = FabricDiscovererTest.discover(agents);
    private final PortSweeper sweeper = new PortSweeper(agents, EngineSettings.DEFAULTS, Clock.systemUTC());

    @AfterEach
    void stop() {
        receiver.shutdownNow();
    }

    @Test
    void everyCabledPortIsReadAtItsNodesLidAndWarmSweepsSkipClassPortInfo() {
        SweepPlan plan = SweepPlan.allCabledPorts(fabric);
        assertThat(plan.targets()).hasSize(CABLED_PORTS);
        assertThat(plan.unaddressable()).isZero();

        SweepResult cold = sweeper.sweep(plan.targets(), false, false);
        assertThat(cold.failed()).isZero();
        assertThat(cold.samples()).hasSize(CABLED_PORTS).allSatisfy(sample -> {
            assertThat(sample.target().lid()).isEqualTo(fabric.node(sample.target().nodeGuid()).lidOf(sample.target().port()));
            assertThat(sample.counters()).containsEntry("SymbolErrorCounter", (long) sample.target().port())
                    .containsEntry("PortXmitData", sample.target().lid() * 1000L + sample.target().port());
            assertThat(sample.width()).isEqualTo(io.fabricpulse.model.ingest.CounterWidth.BASIC);
        });
        int before = agents.requests();
        assertThat(sweeper.sweep(plan.targets(), false, true).samples()).hasSize(CABLED_PORTS);
        assertThat(agents.requests() - before).as("PortCounters and PortInfo per port, no ClassPortInfo")
                .isEqualTo(2 * CABLED_PORTS);
    }

    @Test
    void aSilentSwitchCostsItsOwnPortsOnly() {
        agents.silence(leafGuid(2));
        SweepResult result = sweeper.sweep(SweepPlan.allCabledPorts(fabric).targets(), true, true);
        assertThat(result.failed()).as("leaf 2's six ports").isEqualTo(6);
        assertThat(result.samples()).hasSize(CABLED_PORTS - 6);
        assertThat(result.problems()).hasSize(6).allMatch(p -> p.contains("ClassPortInfo at LID 5") && p.contains("no answer"));
    }

    @Test
    void aFabricWithoutLidsHasNothingToSweep() {
        DiscoveredFabric noLids = FabricDiscovererTest.discover(new SimulatedAgents(FabricDiscovererTest.chain(3), 1, 1,
                Runnable::run));
        SweepPlan plan = SweepPlan.allCabledPorts(noLids);
        assertThat(plan.targets()).isEmpty();
        assertThat(plan.unaddressable()).as("the host's port and the chain's five switch ports").isEqualTo(6);
    }

    @Test
    void sweptPortsBecomeReportsWithTheirPeersAndWalkedNodesReportsOfTheirIdentity() {
        SweepResult result = sweeper.sweep(SweepPlan.switchPorts(fabric).targets(), false, true);
        List<NodeReport> switches = FabricReports.swept(fabric, result);
        assertThat(switches).hasSize(7).allMatch(n -> n.type() == NodeType.SWITCH);
        PortReport toFirstHost = switches.stream().filter(n -> n.guid().equals("0x98039b0300020001"))
                .flatMap(n -> n.ports().stream()).filter(p -> p.portNumber() == 1).findFirst().orElseThrow();
        assertThat(toFirstHost.peer().nodeGuid()).isEqualTo("0x0c42a10300000010");
        assertThat(toFirstHost.peer().portNumber()).isEqualTo(1);
        assertThat(toFirstHost.peer().capability().widths()).as("the host port's as the walk read it").isNotEmpty();
        int firstHostLid = fabric.node(hostGuid(1)).lidOf(1);
        assertThat(firstHostLid).isPositive();
        assertThat(toFirstHost.peer().lid()).as("the host port's LID from the walk, which names it in the forwarding tables")
                .isEqualTo(firstHostLid);
        assertThat(toFirstHost.lid()).as("a switch port answers at the switch's LID").isEqualTo(4);
        assertThat(toFirstHost.state()).isEqualTo(PortState.ACTIVE);
        assertThat(toFirstHost.linkWidthActive()).isEqualTo(LinkWidth.X4);
        assertThat(toFirstHost.linkSpeedActive()).as("from port 0's capability mask").isEqualTo(LinkSpeed.HDR);
        assertThat(toFirstHost.counters()).containsEntry("SymbolErrorCounter", 1L);

        List<NodeReport> hosts = FabricReports.identities(fabric, node -> !node.isSwitch());
        assertThat(hosts).hasSize(12).allSatisfy(n -> assertThat(n.ports()).isEmpty());
        NodeReport third = hosts.stream().filter(n -> n.guid().equals("0x%016x".formatted(hostGuid(3)))).findFirst()
                .orElseThrow();
        assertThat(third.description()).isEqualTo("node0003 HCA-1");
        assertThat(third.type()).isEqualTo(NodeType.CA);
        assertThat(switches.stream().flatMap(n -> n.ports().stream()).map(PortReport::peer)
                .map(p -> p.nodeGuid() + "[" + p.portNumber() + "] lid " + p.lid()))
                .as("the host's cable is in its switch port's peer, with the LID the walk read")
                .contains(third.guid() + "[1] lid " + fabric.node(hostGuid(3)).lidOf(1));
        assertThat(fabric.topology().linkAt(new LinkEnd(hostGuid(3), 1))).isPresent();
    }
}
