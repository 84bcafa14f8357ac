package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.testing.AgentJvm;
import io.fabricpulse.agent.testing.CommandBatchMain;
import io.fabricpulse.agent.testing.FabricPorts;
import io.fabricpulse.agent.testing.IbsimFabric;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static io.fabricpulse.agent.testing.ParityAssert.assertSameOutput;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Our {@code perfquery}, {@code perfquery -x} and {@code smpquery nodeinfo|portinfo|nodedesc}
 * against infiniband-diags on a simulated fabric, switch and CA ports alike: as found, with error
 * counters injected at their latch value, over a lossy path, and on a port whose cable was pulled.
 * Each subclass brings a topology; our commands run in a child JVM under the umad2sim preload.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class AbstractMadParityIT {

    /** A port addressed by node name and port number. */
    record NodePort(String node, int port) {
        String console() {
            return "\"%s\"[%d]".formatted(node, port);
        }
    }

    private IbsimFabric fabric;
    private AgentJvm agent;
    private List<FabricPorts.Port> ports;

    abstract Path topology(Path workDir);

    /** The CA opensm and every client sit on. */
    abstract String host();

    /** The ports compared as found (a sample on big fabrics). */
    abstract List<FabricPorts.Port> sample(List<FabricPorts.Port> all);

    /** A switch port and a CA port to inject latched counters into. */
    abstract List<NodePort> injectionTargets();

    /** A CA port whose cable is pulled, and the switch port at its other end. */
    abstract NodePort unlinkedCa();

    abstract NodePort unlinkedSwitchSide();

    /** A switch whose MADs ibsim drops 30% of the time. */
    abstract String lossySwitch();

    /** The LMC opensm assigns: each CA port answers on 2^lmc LIDs. */
    int lmc() {
        return 0;
    }

    IbsimFabric fabric() {
        return fabric;
    }

    /** The child JVM on {@link #host()} that runs our commands. */
    AgentJvm agent() {
        return agent;
    }

    /** Every port {@code ibnetdiscover -p} lists, as found when the fabric started. */
    List<FabricPorts.Port> ports() {
        return ports;
    }

    @BeforeAll
    void startFabric(@org.junit.jupiter.api.io.TempDir Path workDir) {
        fabric = IbsimFabric.start(topology(workDir), host(), lmc());
        agent = fabric.agentJvm(host(), CommandBatchMain.class);
        ports = FabricPorts.parse(fabric.tool(host(), "ibnetdiscover", "-p").stdout());
        assertThat(ports).as("ibnetdiscover -p lists the fabric").isNotEmpty();
    }

    @AfterAll
    void stopFabric() {
        if (agent != null) {
            agent.close();
        }
        if (fabric != null) {
            fabric.close();
        }
    }

    @Test
    @Order(1)
    void everySampledPortAndNodeAnswersLikeInfinibandDiags() {
        Set<Integer> nodeLids = new LinkedHashSet<>();
        for (FabricPorts.Port p : sample(ports)) {
            compareCounters(p.lid(), p.port());
            assertSameOutput(fabric, agent, host(), "smpquery portinfo %d %d".formatted(p.lid(), p.port()));
            nodeLids.add(p.lid());
        }
        // Directed route over the client's own cable: works without LIDs, how the agent finds its peer.
        assertSameOutput(fabric, agent, host(), "smpquery -D nodeinfo 0,1");
        assertSameOutput(fabric, agent, host(), "smpquery -D nodedesc 0,1");
        for (int lid : nodeLids) {
            assertSameOutput(fabric, agent, host(), "smpquery nodeinfo " + lid);
            assertSameOutput(fabric, agent, host(), "smpquery nodedesc " + lid);
        }
    }

    @Test
    @Order(2)
    void countersInjectedAtTheirLatchValueReadTheSame() {
        List<String> latched = List.of("SymbolErrorCounter=65535", "LinkErrorRecoveryCounter=255",
                "LinkDownedCounter=255", "PortRcvErrors=65535", "PortXmitDiscards=65535", "VL15Dropped=65535",
                "LocalLinkIntegrityErrors=15", "ExcessiveBufferOverrunErrors=15", "PortXmitWait=4294967295");
        for (NodePort target : injectionTargets()) {
            for (String counter : latched) {
                assertThat(fabric.console("PerformanceSet %s PortCounters.%s".formatted(target.console(), counter)))
                        .contains("has been set");
            }
            FabricPorts.Port p = port(target);
            compareCounters(p.lid(), p.port());
            assertThat(agent.run("perfquery %d %d".formatted(p.lid(), p.port())).stdout())
                    .contains("SymbolErrorCounter:..............65535", "LinkDownedCounter:...............255");
        }
    }

    @Test
    @Order(3)
    void aLossyPathIsRetriedAndTimesOutWithATypedError() {
        FabricPorts.Port target = ports.stream().filter(p -> p.isSwitch() && p.name().equals(lossySwitch()))
                .findFirst().orElseThrow();
        String query = "perfquery %d %d".formatted(target.lid(), target.port());
        IbsimFabric.ToolResult clean = fabric.tool(host(), query.split(" "));
        fabric.console("Error \"%s\" 30".formatted(lossySwitch()));
        try {
            int failures = 0;
            for (int i = 0; i < 20; i++) {
                IbsimFabric.ToolResult once = agent.run("perfquery -t 50 --retries 0 %d %d".formatted(target.lid(),
                        target.port()));
                if (once.exitCode() != 0) {
                    assertThat(once.stderr()).contains("no answer", "after 1 attempts");
                    failures++;
                }
            }
            assertThat(failures).as("30%% of the MADs are dropped: some single attempts must time out").isPositive();
            IbsimFabric.ToolResult retried = agent.run("perfquery -t 50 --retries 20 %d %d".formatted(target.lid(),
                    target.port()));
            assertThat(retried.exitCode()).as(retried.stderr()).isZero();
            assertThat(withoutTraffic(retried.stdout())).isEqualTo(withoutTraffic(clean.stdout()));
        } finally {
            fabric.console("Error \"%s\" 0".formatted(lossySwitch()));
        }
    }

    @Test
    @Order(4)
    void aPulledCableShowsDownLikeInfinibandDiags() {
        FabricPorts.Port switchSide = port(unlinkedSwitchSide());
        fabric.console("Unlink " + unlinkedCa().console());
        String portInfo = "smpquery portinfo %d %d".formatted(switchSide.lid(), switchSide.port());
        assertSameOutput(fabric, agent, host(), portInfo);
        assertThat(agent.run(portInfo).stdout()).contains("LinkState:.......................Down");
        compareCounters(switchSide.lid(), switchSide.port());
    }

    private void compareCounters(int lid, int port) {
        assertSameOutput(fabric, agent, host(), "perfquery %d %d".formatted(lid, port));
        assertSameOutput(fabric, agent, host(), "perfquery -x %d %d".formatted(lid, port));
    }

    private FabricPorts.Port port(NodePort np) {
        return ports.stream().filter(p -> p.name().equals(np.node()) && p.port() == np.port()).findFirst()
                .orElseThrow(() -> new AssertionError(np + " not in ibnetdiscover -p"));
    }

    /** The error counters only: retried requests move the data and packet counters of the path. */
    private static List<String> withoutTraffic(String perfquery) {
        return perfquery.lines().filter(l -> !l.matches("Port(Xmit|Rcv)(Data|Pkts):.*")).toList();
    }
}
