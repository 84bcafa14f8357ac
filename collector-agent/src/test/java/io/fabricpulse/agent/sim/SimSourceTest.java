package io.fabricpulse.agent.sim;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static io.fabricpulse.agent.sim.Reports.counter;
import static io.fabricpulse.agent.sim.Reports.port;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SimSourceTest {

    private static final java.time.Instant START = java.time.Instant.parse("2026-01-05T08:00:00Z");

    private static final String LEAF01 = "MF0;leaf01:SB7800/U1";
    private static final String LEAF03 = "MF0;leaf03:SB7800/U1";
    private static final String LEAF06 = "MF0;leaf06:SB7800/U1";
    private static final String LEAF12 = "MF0;leaf12:SB7800/U1";

    /** The bundled fabric and script, read once: they are immutable, and each test builds its own source on them. */
    private static final SimSource.Demo DEMO = SimSource.Demo.load();

    private final MutableClock clock = new MutableClock(START);
    private final SimSource sim = new SimSource(DEMO.topology(), DEMO.faults(), clock);

    private List<NodeReport> pollAfter(double seconds) {
        clock.advanceSeconds(seconds);
        return sim.poll();
    }

    @Test
    void aSliceReportsItsNodesAsTheWholeFabricDoesAtTheSameMoment() {
        clock.advanceSeconds(42.5);
        SimSource slice = sim.slice(100, 160);
        List<NodeReport> whole = sim.poll();
        assertThat(slice.poll()).isEqualTo(whole.subList(100, 160));
        assertThat(slice.name()).isEqualTo("sim");
        assertThat(sim.slice(0, 0).poll()).isEmpty();
    }

    @Test
    void reportsEveryNodeOfTheFabricWithItsCabledPorts() {
        List<NodeReport> reports = sim.poll();

        assertThat(sim.name()).isEqualTo("sim");
        assertThat(reports).hasSize(702);
        assertThat(reports.stream().filter(n -> n.type() == NodeType.CA)).hasSize(648)
                .allSatisfy(n -> assertThat(n.ports()).hasSize(1));
        assertThat(reports.stream().filter(n -> n.type() == NodeType.SWITCH)).hasSize(54)
                .allSatisfy(n -> assertThat(n.ports()).hasSize(36));
        NodeReport host = Reports.node(reports, "node0001 HCA-1");
        assertThat(host.guid()).isEqualTo(Guids.format(FatTreeGenerator.hostGuid(1)));
        assertThat(host.systemImageGuid()).isEqualTo(host.guid());
        assertThat(host.hcaType()).isEqualTo("MT4119");
        assertThat(Reports.node(reports, LEAF01).hcaType()).isNull();
    }

    @Test
    void aHealthyPortIsActiveWithLidsPeerRatesAndEveryCounter() {
        PortReport hostPort = port(pollAfter(10), "node0001 HCA-1", 1);

        assertThat(hostPort.state()).isEqualTo(PortState.ACTIVE);
        assertThat(hostPort.physicalState()).isEqualTo(PhysicalState.LINK_UP);
        assertThat(hostPort.lid()).as("after 18 spine and 36 leaf LIDs").isEqualTo(55);
        assertThat(hostPort.smLid()).as("the SM sits on spine01").isEqualTo(1);
        assertThat(hostPort.linkWidthActive()).isEqualTo(LinkWidth.X4);
        assertThat(hostPort.linkSpeedActive()).isEqualTo(LinkSpeed.EDR);
        assertThat(hostPort.linkWidthSupported()).containsExactlyInAnyOrder(LinkWidth.X1, LinkWidth.X4);
        assertThat(hostPort.linkSpeedSupported()).contains(LinkSpeed.SDR, LinkSpeed.FDR, LinkSpeed.EDR).doesNotContain(LinkSpeed.HDR);
        assertThat(hostPort.linkLayer()).isEqualTo("InfiniBand");
        assertThat(hostPort.extendedCounters()).isTrue();
        assertThat(hostPort.peer()).isEqualTo(new PeerPort(Guids.format(FatTreeGenerator.leafGuid(1)), 1));
        assertThat(hostPort.counters().keySet()).containsExactly(Arrays.stream(PortCounter.values()).map(PortCounter::ibaName).toArray(String[]::new));
        assertThat(Arrays.stream(PortCounter.values()).filter(c -> c.kind() == PortCounter.Kind.ERROR))
                .allSatisfy(c -> assertThat(hostPort.counters().get(c.ibaName())).as(c.ibaName()).isZero());

        PortReport leafPort = port(sim.poll(), LEAF01, 1);
        assertThat(leafPort.lid()).as("a switch port answers to the switch's LID").isEqualTo(19);
        assertThat(leafPort.peer()).isEqualTo(new PeerPort(Guids.format(FatTreeGenerator.hostGuid(1)), 1));
    }

    @Test
    void sameClockReadingsGiveIdenticalReports() {
        MutableClock otherClock = new MutableClock(START);
        SimSource other = SimSource.demo(otherClock);
        assertThat(other.poll()).as("the factory builds the same demo").isEqualTo(sim.poll());
        clock.advanceSeconds(95.25);
        otherClock.advanceSeconds(95.25);

        List<NodeReport> first = sim.poll();
        assertThat(other.poll()).isEqualTo(first);
        assertThat(sim.poll()).as("polling again at the same reading").isEqualTo(first);
    }

    @Test
    void dataCountersGrowInFourByteWordsWithinTheLinkCapacity() {
        List<NodeReport> at10 = pollAfter(10);
        List<NodeReport> at20 = pollAfter(10);

        long words = counter(at20, "node0001 HCA-1", 1, PortCounter.PortXmitData) - counter(at10, "node0001 HCA-1", 1, PortCounter.PortXmitData);
        double bytesPerSecond = words * 4 / 10.0;
        double edr4x = 100e9 / 8;
        assertThat(bytesPerSecond).as("a busy but plausible share of a 4X EDR link").isBetween(0.05 * 0.5 * edr4x, 0.45 * 1.5 * edr4x);
        assertThat(counter(at20, "node0001 HCA-1", 1, PortCounter.PortXmitPkts))
                .isGreaterThan(counter(at10, "node0001 HCA-1", 1, PortCounter.PortXmitPkts));
        assertThat(counter(at20, "node0001 HCA-1", 1, PortCounter.PortRcvData))
                .as("what the host receives is what its leaf port sends")
                .isEqualTo(counter(at20, LEAF01, 1, PortCounter.PortXmitData));
        assertThat(counter(at20, LEAF01, 1, PortCounter.PortRcvPkts)).isEqualTo(counter(at20, "node0001 HCA-1", 1, PortCounter.PortXmitPkts));
    }

    @Test
    void errorCountersMoveOnlyOnThePortsTheScriptNames() {
        List<NodeReport> reports = pollAfter(60);

        Set<String> nonZeroErrors = new TreeSet<>();
        for (NodeReport node : reports) {
            for (PortReport port : node.ports()) {
                for (PortCounter counter : PortCounter.values()) {
                    if (counter.kind() == PortCounter.Kind.ERROR && port.counters().get(counter.ibaName()) != 0) {
                        nonZeroErrors.add(node.description() + "[" + port.portNumber() + "] " + counter.ibaName());
                    }
                }
            }
        }
        assertThat(nonZeroErrors).containsExactlyInAnyOrder(
                "node0007 HCA-1[1] SymbolErrorCounter",
                "node0123 HCA-1[1] SymbolErrorCounter",
                "node0420 HCA-1[1] SymbolErrorCounter",
                "node0420 HCA-1[1] PortRcvErrors",
                LEAF03 + "[19] PortXmitDiscards",
                "MF0;leaf17:SB7800/U1[27] PortXmitDiscards",
                "node0100 HCA-1[1] LinkDownedCounter",
                "node0100 HCA-1[1] LinkErrorRecoveryCounter",
                LEAF06 + "[10] LinkDownedCounter",
                LEAF06 + "[10] LinkErrorRecoveryCounter");
        assertThat(counter(reports, "node0007 HCA-1", 1, PortCounter.SymbolErrorCounter)).isEqualTo(30);
        assertThat(counter(reports, "node0123 HCA-1", 1, PortCounter.SymbolErrorCounter)).isEqualTo(12);
        assertThat(counter(reports, LEAF03, 19, PortCounter.PortXmitDiscards)).isEqualTo(1200);
        assertThat(counter(reports, LEAF03, 19, PortCounter.PortXmitWait)).as("stalled 35% of a minute, in microsecond ticks")
                .isBetween(21_000_000L, 21_100_000L);
        assertThat(counter(reports, LEAF03, 20, PortCounter.PortXmitWait)).as("a healthy port barely waits").isLessThan(30_000L);
    }

    @Test
    void symbolErrorsRiseAtTheirRateEveryPollAndLatchAtThe16BitMaximum() {
        long previous = 0;
        for (int poll = 1; poll <= 6; poll++) {
            long now = counter(pollAfter(10), "node0007 HCA-1", 1, PortCounter.SymbolErrorCounter);
            assertThat(now - previous).as("0.5/s at 10 s polling").isEqualTo(5);
            previous = now;
        }

        List<NodeReport> later = pollAfter(Duration.ofHours(10).toSeconds());
        assertThat(counter(later, "node0420 HCA-1", 1, PortCounter.SymbolErrorCounter)).isEqualTo(PortCounter.SymbolErrorCounter.max(true));
        assertThat(counter(later, "node0420 HCA-1", 1, PortCounter.PortRcvErrors)).isEqualTo(Math.round(0.25 * (36_000 + 60)));
        assertThat(counter(later, "node0100 HCA-1", 1, PortCounter.LinkDownedCounter)).as("600 flaps, 8-bit counter").isEqualTo(255);
        assertThat(counter(later, LEAF03, 19, PortCounter.PortXmitWait)).as("32-bit XmitWait latched too").isEqualTo(0xFFFF_FFFFL);
    }

    @Test
    void aFlappingLinkAlternatesOnBothEndsAndItsCountersStandStillWhileDown() {
        // period 60 s, down 20 s: Active in [0, 40), Down/Polling in [40, 60), Active in [60, 100), ...
        PortReport up = port(pollAfter(39), "node0100 HCA-1", 1);
        assertThat(up.state()).isEqualTo(PortState.ACTIVE);
        assertThat(up.counters().get("LinkDownedCounter")).isZero();

        List<NodeReport> downReports = pollAfter(2);
        PortReport down = port(downReports, "node0100 HCA-1", 1);
        assertThat(down.state()).isEqualTo(PortState.DOWN);
        assertThat(down.physicalState()).isEqualTo(PhysicalState.POLLING);
        assertThat(down.linkWidthActive()).isNull();
        assertThat(down.peer()).as("no 1-hop query gets through a down link").isNull();
        assertThat(down.lid()).isZero();
        assertThat(down.counters().get("LinkDownedCounter")).isEqualTo(1);
        assertThat(down.counters().get("LinkErrorRecoveryCounter")).isEqualTo(1);
        PortReport leafSide = port(downReports, LEAF06, 10);
        assertThat(leafSide.state()).isEqualTo(PortState.DOWN);
        assertThat(leafSide.lid()).as("the switch keeps its LID").isEqualTo(24);
        assertThat(leafSide.counters().get("LinkDownedCounter")).isEqualTo(1);

        PortReport stillDown = port(pollAfter(18), "node0100 HCA-1", 1);
        assertThat(stillDown.counters().get("PortXmitData")).isEqualTo(down.counters().get("PortXmitData"));

        PortReport backUp = port(pollAfter(5), "node0100 HCA-1", 1);
        assertThat(backUp.state()).isEqualTo(PortState.ACTIVE);
        assertThat(backUp.counters().get("PortXmitData")).isGreaterThan(down.counters().get("PortXmitData"));
        assertThat(backUp.counters().get("LinkDownedCounter")).isEqualTo(1);

        PortReport downAgain = port(pollAfter(40), "node0100 HCA-1", 1);
        assertThat(downAgain.state()).isEqualTo(PortState.DOWN);
        assertThat(downAgain.counters().get("LinkDownedCounter")).isEqualTo(2);
    }

    @Test
    void aDegradedLinkReports1XOnBothEndsWhileSupporting4X() {
        List<NodeReport> at10 = pollAfter(10);
        PortReport host = port(at10, "node0200 HCA-1", 1);
        assertThat(host.linkWidthActive()).isEqualTo(LinkWidth.X1);
        assertThat(host.linkWidthSupported()).contains(LinkWidth.X4);
        assertThat(host.linkSpeedActive()).isEqualTo(LinkSpeed.EDR);
        assertThat(port(at10, LEAF12, 2).linkWidthActive()).as("node0200 is host 2 of leaf 12").isEqualTo(LinkWidth.X1);
        double bytesPerSecond = host.counters().get("PortXmitData") * 4 / 10.0;
        assertThat(bytesPerSecond).as("a 1X EDR link carries at most 25 Gb/s").isLessThan(25e9 / 8);
    }

    @Test
    void beforeTheStartEverythingIsZeroAndTheSameAsAtTheStart() {
        List<NodeReport> atStart = sim.poll();
        clock.advanceSeconds(-30);

        assertThat(sim.poll()).isEqualTo(atStart);
        assertThat(port(atStart, "node0007 HCA-1", 1).counters().values()).allSatisfy(v -> assertThat(v).isZero());
    }

    @Test
    void trafficLevelsDifferBetweenPortsButStayWithinCapacity() {
        List<NodeReport> reports = pollAfter(100);
        Set<Long> distinct = new TreeSet<>();
        for (int host = 1; host <= 18; host++) {
            long words = counter(reports, FatTreeGenerator.hostDescription(host), 1, PortCounter.PortXmitData);
            distinct.add(words);
            assertThat(words * 4 / 100.0).isLessThan(100e9 / 8);
        }
        assertThat(distinct).hasSize(18);
        assertThat(counter(reports, "node0001 HCA-1", 1, PortCounter.PortMulticastXmitPkts)
                + counter(reports, "node0001 HCA-1", 1, PortCounter.PortUnicastXmitPkts))
                .isCloseTo(counter(reports, "node0001 HCA-1", 1, PortCounter.PortXmitPkts), within(1L));
    }
}
