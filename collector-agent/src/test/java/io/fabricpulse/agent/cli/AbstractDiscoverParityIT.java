package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.cli.AbstractMadParityIT.NodePort;
import io.fabricpulse.agent.testing.AgentJvm;
import io.fabricpulse.agent.testing.CommandBatchMain;
import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.model.topology.TopologyParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.fabricpulse.agent.testing.IbnetdiscoverParity.assertSameFabric;
import static io.fabricpulse.agent.testing.IbnetdiscoverParity.records;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * Our {@code discover} against infiniband-diags' {@code ibnetdiscover} on a simulated fabric, from
 * every vantage point (one per rail): as found, over a lossy switch, with a switch that answers
 * nothing, and after a switch-to-switch cable and then a host cable are pulled. Equal means the same
 * node records byte for byte (GUIDs, types, port counts, descriptions, cabled ports and their far
 * ends, LIDs, widths and speeds) and the same start node; see {@code IbnetdiscoverParity}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class AbstractDiscoverParityIT {

    private IbsimFabric fabric;
    private final Map<String, AgentJvm> agents = new LinkedHashMap<>();

    abstract Path topology(Path workDir);

    /** The CAs the walks start from, one per separate plane; each runs that plane's subnet manager. */
    abstract List<String> vantagePoints();

    /** A cable between two switches, pulled in {@link #aPulledSwitchCableIsSeenLikeIbnetdiscoverSeesIt()}. */
    abstract NodePort switchCable();

    /** A host's cable (not a vantage point's), pulled after the switch cable. */
    abstract NodePort hostCable();

    /** A switch that drops MADs in the lossy and the silent test. */
    abstract String troubledSwitch();

    /** How many nodes the walks no longer reach once {@link #hostCable()} is pulled. */
    int nodesLostWithHostCable() {
        return 1;
    }

    @BeforeAll
    void startFabric(@TempDir Path workDir) {
        List<String> from = vantagePoints();
        fabric = IbsimFabric.start(topology(workDir), from.getFirst());
        from.stream().skip(1).forEach(fabric::assignLidsFrom);
        from.forEach(host -> agents.put(host, fabric.agentJvm(host, CommandBatchMain.class)));
    }

    @AfterAll
    void stopFabric() {
        agents.values().forEach(AgentJvm::close);
        if (fabric != null) {
            fabric.close();
        }
    }

    @Test
    @Order(1)
    void discoverPrintsWhatIbnetdiscoverPrints() {
        for (String host : vantagePoints()) {
            String ours = assertSameFromHere(host, "discover", "as found");
            assertThatCode(() -> TopologyParser.parse(ours)).as("our output reads back").doesNotThrowAnyException();
        }
    }

    @Test
    @Order(2)
    void aLossySwitchIsRetriedUntilTheWalkIsComplete() {
        String host = vantagePoints().getFirst();
        String clean = ibnetdiscover(host);
        fabric.console("Error \"%s\" 30".formatted(troubledSwitch()));
        try {
            IbsimFabric.ToolResult retried = discover(host, "discover -t 50 --retries 15");
            assertThat(retried.stderr()).as("nothing lost with retries").isEmpty();
            assertSameFabric(clean, retried.stdout(), "30% loss at " + troubledSwitch() + ", 15 retries");

            IbsimFabric.ToolResult once = discover(host, "discover -t 50 --retries 0");
            // Which MADs the loss hits is random: a lost answer may leave the printed text as long as the
            // clean walk's (e.g. a retried-by-nobody PortInfo of a dark port), so only the report is certain.
            assertThat(once.stderr()).as("without retries, losses are reported").contains("partial result");
        } finally {
            fabric.console("Error \"%s\" 0".formatted(troubledSwitch()));
        }
    }

    @Test
    @Order(3)
    void aSilentSwitchLeavesTheSameGapAsInIbnetdiscover() {
        String host = vantagePoints().getFirst();
        fabric.console("Error \"%s\" 100".formatted(troubledSwitch()));
        try {
            IbsimFabric.ToolResult theirs = fabric.tool(host, "ibnetdiscover", "-t", "50");
            IbsimFabric.ToolResult ours = discover(host, "discover -t 50 --retries 1");
            assertThat(ours.stderr()).contains("partial result", "no answer");
            assertSameFabric(theirs.stdout(), ours.stdout(), troubledSwitch() + " answers nothing");
        } finally {
            fabric.console("Error \"%s\" 0".formatted(troubledSwitch()));
        }
    }

    @Test
    @Order(4)
    void aPulledSwitchCableIsSeenLikeIbnetdiscoverSeesIt() {
        int before = records(ibnetdiscover(vantagePoints().getFirst())).size();
        fabric.console("Unlink " + switchCable().console());
        for (String host : vantagePoints()) {
            assertSameFromHere(host, "discover", "after Unlink " + switchCable().console());
        }
        assertThat(records(ibnetdiscover(vantagePoints().getFirst()))).as("every node still reachable").hasSize(before);
    }

    @Test
    @Order(5)
    void aPulledHostCableIsSeenLikeIbnetdiscoverSeesIt() {
        int before = vantagePoints().stream().mapToInt(host -> records(ibnetdiscover(host)).size()).sum();
        fabric.console("Unlink " + hostCable().console());
        int after = 0;
        for (String host : vantagePoints()) {
            after += records(assertSameFromHere(host, "discover", "after Unlink " + hostCable().console())).size();
        }
        assertThat(after).as("nodes no longer reached").isEqualTo(before - nodesLostWithHostCable());
    }

    private String assertSameFromHere(String host, String command, String context) {
        String theirs = ibnetdiscover(host);
        IbsimFabric.ToolResult ours = discover(host, command);
        assertThat(ours.stderr()).as("%s from %s: nothing to report", context, host).isEmpty();
        assertSameFabric(theirs, ours.stdout(), context + ", from " + host);
        return ours.stdout();
    }

    private String ibnetdiscover(String host) {
        IbsimFabric.ToolResult theirs = fabric.tool(host, "ibnetdiscover");
        assertThat(theirs.exitCode()).as("ibnetdiscover from %s: %s", host, theirs.stderr()).isZero();
        return theirs.stdout();
    }

    private IbsimFabric.ToolResult discover(String host, String command) {
        IbsimFabric.ToolResult ours = agents.get(host).run(command);
        assertThat(ours.exitCode()).as("%s from %s: %s", command, host, ours.stderr()).isZero();
        return ours;
    }
}
