package io.fabricpulse.server.topology;

import io.fabricpulse.agent.sim.SimSource;
import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.topology.TopologyParser;
import io.fabricpulse.model.topology.TopologyWriter;
import io.fabricpulse.server.topology.model.FabricModel;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Acceptance 3 on the bundled 648-host fat tree (the sim source, demo faults included): the live
 * topology exported as ibnetdiscover text and read back as the baseline shows no change.
 */
class TopologyRoundTripTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T12:00:00Z"));
    private final TopologyChanges changes = new TopologyChanges(
            new TopologyProperties(Duration.ofSeconds(30), DataSize.ofMegabytes(16)), clock, guid -> null, List.of());

    @Test
    void theIbnetdiscoverExportOfThe648HostFabricReadBackAsBaselineShowsNoChange() throws Exception {
        SimSource sim = SimSource.demo(clock);
        clock.advanceSeconds(600); // into the demo's faults: some cables degraded, some flapping
        changes.accept(new IngestBatch(1, "sim", 1, clock.instant(), "sim", sim.poll()));
        FabricModel live = changes.current();

        String text = TopologyWriter.toText(TopologyFiles.toTopology(live), "round trip");
        FabricModel readBack = TopologyFiles.fromTopology(TopologyParser.parse(text));
        changes.useBaseline(readBack);

        assertThat(live.nodes().values().stream().filter(n -> n.type() == NodeType.CA)).hasSize(648);
        assertThat(live.nodes().values().stream().filter(n -> n.type() == NodeType.SWITCH)).hasSize(54);
        assertThat(readBack.nodes().keySet()).isEqualTo(live.nodes().keySet());
        assertThat(readBack.links()).hasSameSizeAs(live.links());
        assertThat(changes.active()).isEmpty();
        assertThat(TopologyWriter.toText(TopologyFiles.toTopology(readBack), "round trip")).isEqualTo(text);
    }

    @Test
    void theRoundTripStillFindsAChangeMadeAfterIt() throws Exception {
        SimSource sim = SimSource.demo(clock);
        changes.accept(new IngestBatch(1, "sim", 1, clock.instant(), "sim", sim.poll()));
        String text = TopologyWriter.toText(TopologyFiles.toTopology(changes.current()), "round trip");
        changes.useBaseline(TopologyFiles.fromTopology(TopologyParser.parse(text)));

        clock.advanceSeconds(31); // no report for longer than missing-after: everything is gone
        assertThat(changes.active()).hasSize(648 + 54)
                .allSatisfy(change -> assertThat(change.kind()).isEqualTo(ChangeKind.NODE_MISSING));
    }
}
