package io.fabricpulse.agent.sim;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.model.topology.LinkEnd;
import io.fabricpulse.model.topology.Topology;
import io.fabricpulse.model.topology.TopologyParseException;
import io.fabricpulse.model.topology.TopologyParser;
import io.fabricpulse.model.topology.TopologyWriter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static io.fabricpulse.agent.sim.Reports.counter;
import static io.fabricpulse.agent.sim.Reports.port;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class FaultScriptTest {

    private static final java.time.Instant START = java.time.Instant.parse("2026-01-05T08:00:00Z");

    /** 2 spines, 2 leaves, 3 hosts per leaf: leaf ports 1-3 to hosts, 4-5 to the spines; 4X HDR. */
    private static final FatTreeGenerator SMALL = new FatTreeGenerator(2, 2, 3, LinkWidth.X4, LinkSpeed.HDR);
    private static final Topology TOPOLOGY = SMALL.generate();
    private static final String LEAF1 = "MF0;leaf01:MQM8700/U1";

    private final MutableClock clock = new MutableClock(START);

    private List<NodeReport> pollAfter(SimSource sim, double seconds) {
        clock.advanceSeconds(seconds);
        return sim.poll();
    }

    @Test
    void readsEveryKindOfFaultWithCommentsAndBlankLines() throws Exception {
        FaultScript script = FaultScript.parse("""
                # header comment

                symbol-errors "node0001 HCA-1"[1] 0.5/s   # trailing comment
                xmit-discards "%s"[4] 30/min wait 25%% after 2min
                counter 0x%x[1] PortRcvRemotePhysicalErrors 36/h
                flap "node0003 HCA-1"[1] period 90s after 1m
                down "node0004 HCA-1"[1] after 1500ms
                degrade "node0005 HCA-1"[1] speed EDR width 2X
                """.formatted(LEAF1, FatTreeGenerator.hostGuid(2)), TOPOLOGY);

        LinkEnd host1 = new LinkEnd(FatTreeGenerator.hostGuid(1), 1);
        LinkEnd leafUplink = new LinkEnd(FatTreeGenerator.leafGuid(1), 4);
        assertThat(script.faults()).containsExactly(
                new Fault.RisingCounter(3, host1, PortCounter.SymbolErrorCounter, 0.5, Duration.ZERO),
                new Fault.RisingCounter(4, leafUplink, PortCounter.PortXmitDiscards, 0.5, Duration.ofMinutes(2)),
                new Fault.Congestion(4, leafUplink, 0.25, Duration.ofMinutes(2)),
                new Fault.RisingCounter(5, new LinkEnd(FatTreeGenerator.hostGuid(2), 1), PortCounter.PortRcvRemotePhysicalErrors,
                        0.01, Duration.ZERO),
                new Fault.Flap(6, new LinkEnd(FatTreeGenerator.hostGuid(3), 1), Duration.ofSeconds(90), Duration.ofSeconds(45),
                        Duration.ofMinutes(1)),
                new Fault.LinkDown(7, new LinkEnd(FatTreeGenerator.hostGuid(4), 1), Duration.ofMillis(1500)),
                new Fault.Degrade(8, new LinkEnd(FatTreeGenerator.hostGuid(5), 1), LinkWidth.X2, LinkSpeed.EDR));
    }

    static Stream<Arguments> brokenScripts() {
        return Stream.of(
                arguments("unknown node", "\n\nsymbol-errors \"node9999 HCA-1\"[1] 1/s", 3,
                        "no node of the topology has the description \"node9999 HCA-1\""),
                arguments("unknown GUID", "counter 0x1234[1] PortRcvErrors 1/s", 1, "no node of the topology has the GUID 0x0000000000001234"),
                arguments("port beyond the node", "symbol-errors \"node0001 HCA-1\"[2] 1/s", 1, "has ports 1 to 1, not [2]"),
                arguments("port beyond a switch", "symbol-errors \"MF0;spine01:MQM8700/U1\"[1] 1/s\nflap \"" + LEAF1 + "\"[9] period 1s", 2,
                        "has ports 1 to 5"),
                arguments("unknown fault", "# ok\nsymbol-error \"node0001 HCA-1\"[1] 1/s", 2, "expected a fault (symbol-errors"),
                arguments("missing port", "symbol-errors 1/s", 1, "expected a port"),
                arguments("missing rate", "symbol-errors \"node0001 HCA-1\"[1]", 1, "expected a rate"),
                arguments("rate without unit", "symbol-errors \"node0001 HCA-1\"[1] 5", 1, "'/' and a time unit"),
                arguments("rate with a wrong unit", "symbol-errors \"node0001 HCA-1\"[1] 5/day", 1, "time unit s, min or h, found 'day'"),
                arguments("negative rate", "symbol-errors \"node0001 HCA-1\"[1] -5/s", 1, "expected a rate"),
                arguments("trailing words", "symbol-errors \"node0001 HCA-1\"[1] 5/s now", 1, "unexpected 'now' for symbol-errors (it takes after)"),
                arguments("option given twice", "symbol-errors \"node0001 HCA-1\"[1] 5/s after 1s after 2s", 1, "'after' is given twice"),
                arguments("flap without period", "flap \"node0001 HCA-1\"[1] down 5s", 1, "flap needs a period"),
                arguments("flap down as long as period", "flap \"node0001 HCA-1\"[1] period 10s down 10s", 1, "shorter than its period"),
                arguments("two flaps on one cable", "flap \"node0001 HCA-1\"[1] period 10s\ndown \"" + LEAF1 + "\"[1]", 2,
                        "already has a flap or down on line 1"),
                arguments("two degrades on one cable", "degrade \"node0001 HCA-1\"[1] width 1X\ndegrade \"node0001 HCA-1\"[1] width 2X", 2,
                        "already has a degrade on line 1"),
                arguments("degrade to a wider width", "degrade \"node0001 HCA-1\"[1] width 12X", 1, "cannot degrade a 4X link to the wider 12X"),
                arguments("degrade to a faster speed", "degrade \"node0001 HCA-1\"[1] speed NDR", 1, "cannot degrade a HDR link to the faster NDR"),
                arguments("degrade without anything", "degrade \"node0001 HCA-1\"[1]", 1, "degrade needs"),
                arguments("unknown width", "degrade \"node0001 HCA-1\"[1] width 3X", 1, "expected a link width"),
                arguments("data counter", "counter \"node0001 HCA-1\"[1] PortXmitData 5/s", 1, "data and packet counters follow the simulated traffic"),
                arguments("unknown counter", "counter \"node0001 HCA-1\"[1] SymbolErrors 5/s", 1, "expected an error counter"),
                arguments("wait beyond 100%", "xmit-discards \"" + LEAF1 + "\"[4] 5/s wait 150%", 1, "at most 100%"),
                arguments("unclosed quote", "symbol-errors \"node0001 HCA-1[1] 5/s", 1, "never closed"),
                arguments("duration unit missing", "down \"node0001 HCA-1\"[1] after 30", 1, "time unit of the after time"),
                arguments("absurd duration", "down \"node0001 HCA-1\"[1] after 99999999h", 1, "longer than ten years"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenScripts")
    void refusesBrokenScriptsWithTheLine(String what, String script, int line, String reason) {
        assertThatThrownBy(() -> FaultScript.parse(script, TOPOLOGY))
                .isInstanceOfSatisfying(FaultScriptException.class, e -> {
                    assertThat(e.line()).as(e.getMessage()).isEqualTo(line);
                    assertThat(e.reason()).contains(reason);
                });
    }

    @Test
    void refusesAPortWithoutACable() throws Exception {
        Topology seed = TopologyParser.parse("""
                switchguid=0x2c90200410d02(2c90200410d02)
                Switch  24 "S-0002c90200410d02"   # "MT47396 Infiniscale-III Mellanox Technologies" base port 0 lid 2 lmc 0
                [16]    "H-00188b9097fe8e41"[1](188b9097fe8e42)     # "rac1001 HCA-1" lid 4 4xDDR
                """);

        assertThat(FaultScript.parse("flap \"MT47396 Infiniscale-III Mellanox Technologies\"[16] period 1min", seed).faults()).hasSize(1);
        assertThatThrownBy(() -> FaultScript.parse("\nflap \"MT47396 Infiniscale-III Mellanox Technologies\"[15] period 1min", seed))
                .isInstanceOfSatisfying(FaultScriptException.class, e -> {
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.reason()).isEqualTo("port [15] of \"MT47396 Infiniscale-III Mellanox Technologies\" has no cable in the topology");
                });
    }

    @Test
    void namesNodesThatShareADescriptionByGuidOnly() throws Exception {
        String text = TopologyWriter.toText(TOPOLOGY, "t").replace("\"node0002 HCA-1\"", "\"node0001 HCA-1\"");
        Topology twins = TopologyParser.parse(text);

        assertThatThrownBy(() -> FaultScript.parse("symbol-errors \"node0001 HCA-1\"[1] 1/s", twins))
                .isInstanceOf(FaultScriptException.class)
                .hasMessageContaining("2 nodes have the description \"node0001 HCA-1\"; name the node by its GUID");
        assertThat(FaultScript.parse("symbol-errors 0x%x[1] 1/s".formatted(FatTreeGenerator.hostGuid(2)), twins).faults()).hasSize(1);
    }

    @Test
    void aLinkThatGoesDownStaysDownAndOneThatNeverCameUpHasNoCounters() throws Exception {
        FaultScript script = FaultScript.parse("""
                down "node0001 HCA-1"[1] after 30s
                down "node0002 HCA-1"[1]
                """, TOPOLOGY);
        SimSource sim = new SimSource(TOPOLOGY, script, clock);

        List<NodeReport> at20 = pollAfter(sim, 20);
        assertThat(port(at20, "node0001 HCA-1", 1).state()).isEqualTo(PortState.ACTIVE);
        assertThat(port(at20, "node0002 HCA-1", 1).state()).isEqualTo(PortState.DOWN);
        assertThat(port(at20, "node0002 HCA-1", 1).counters().values()).allSatisfy(v -> assertThat(v).isZero());

        List<NodeReport> at40 = pollAfter(sim, 20);
        assertThat(port(at40, "node0001 HCA-1", 1).state()).isEqualTo(PortState.DOWN);
        assertThat(counter(at40, "node0001 HCA-1", 1, PortCounter.LinkDownedCounter)).isEqualTo(1);
        assertThat(counter(at40, LEAF1, 1, PortCounter.LinkDownedCounter)).isEqualTo(1);
        assertThat(counter(pollAfter(sim, 3600), "node0001 HCA-1", 1, PortCounter.PortXmitData))
                .isEqualTo(counter(at40, "node0001 HCA-1", 1, PortCounter.PortXmitData));
        assertThat(counter(at40, "node0002 HCA-1", 1, PortCounter.LinkDownedCounter)).as("it never went down, it never came up").isZero();
    }

    @Test
    void aRisingCounterStartsAfterItsDelayAndPausesWhileTheLinkIsDown() throws Exception {
        FaultScript script = FaultScript.parse("""
                counter "node0003 HCA-1"[1] ExcessiveBufferOverrunErrors 1/s after 10s
                flap "node0003 HCA-1"[1] period 20s down 10s after 10s
                xmit-discards "%s"[5] 2/s after 1min
                """.formatted(LEAF1), TOPOLOGY);
        SimSource sim = new SimSource(TOPOLOGY, script, clock);

        assertThat(counter(pollAfter(sim, 10), "node0003 HCA-1", 1, PortCounter.ExcessiveBufferOverrunErrors)).isZero();
        assertThat(counter(pollAfter(sim, 5), "node0003 HCA-1", 1, PortCounter.ExcessiveBufferOverrunErrors)).isEqualTo(5);
        assertThat(counter(pollAfter(sim, 3), "node0003 HCA-1", 1, PortCounter.ExcessiveBufferOverrunErrors))
                .as("the 4-bit counter latches at 15").isEqualTo(8);
        assertThat(counter(pollAfter(sim, 10), "node0003 HCA-1", 1, PortCounter.ExcessiveBufferOverrunErrors))
                .as("down from 20 s to 30 s: no errors counted").isEqualTo(10);
        assertThat(counter(pollAfter(sim, 100), "node0003 HCA-1", 1, PortCounter.ExcessiveBufferOverrunErrors)).isEqualTo(15);
        List<NodeReport> at128 = sim.poll();
        assertThat(counter(at128, LEAF1, 5, PortCounter.PortXmitDiscards)).isEqualTo(2 * 68);
    }

    @Test
    void buildsFromFilesAndReportsBrokenFilesWithTheirLine(@TempDir Path dir) throws Exception {
        Path net = dir.resolve("small.net");
        Files.writeString(net, TopologyWriter.toText(TOPOLOGY, SMALL.title()));
        Path faults = dir.resolve("faults.txt");
        Files.writeString(faults, "symbol-errors \"node0006 HCA-1\"[1] 1/s\n");

        SimSource sim = SimSource.fromFiles(net, faults, clock);
        assertThat(counter(pollAfter(sim, 7), "node0006 HCA-1", 1, PortCounter.SymbolErrorCounter)).isEqualTo(7);
        assertThat(SimSource.fromFiles(net, clock).poll()).hasSize(2 + 2 + 6);

        Files.writeString(faults, "# fine\nflap \"node0006 HCA-1\"[1]\n");
        assertThatThrownBy(() -> SimSource.fromFiles(net, faults, clock))
                .isInstanceOfSatisfying(FaultScriptException.class, e -> assertThat(e.line()).isEqualTo(2));
        Files.writeString(net, "Switch 2 \"a\"\n[3] \"b\"[1]\n");
        assertThatThrownBy(() -> SimSource.fromFiles(net, faults, clock))
                .isInstanceOfSatisfying(TopologyParseException.class, e -> assertThat(e.line()).isEqualTo(2));
    }

    @Test
    void refusesAScriptResolvedAgainstAnotherTopology() throws Exception {
        FaultScript script = FaultScript.parse("symbol-errors \"node0006 HCA-1\"[1] 1/s", TOPOLOGY);
        Topology other = new FatTreeGenerator(1, 1, 2, LinkWidth.X4, LinkSpeed.EDR).generate();

        assertThatThrownBy(() -> new SimSource(other, script, clock))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("script line 1");
    }
}
