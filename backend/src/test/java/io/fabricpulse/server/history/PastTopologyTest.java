package io.fabricpulse.server.history;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.topology.CableHistory.Linked;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.FabricNode;
import io.fabricpulse.server.topology.model.LinkEndState;
import io.fabricpulse.server.topology.model.PortEnd;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The topology at a past instant from today's and the cable history: cables and nodes that came later left out, cables
 * gone since drawn back until they were seen gone, or up to an hour past their last stored sighting when nothing said
 * when; the notes count each.
 */
class PastTopologyTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final String LEAF = "0x0000000000000a01";
    private static final String SPINE = "0x0000000000000a02";
    private static final String HOST = "0x0000000000000b01";
    private static final String NEW_HOST = "0x0000000000000b02";
    private static final String GONE_HOST = "0x0000000000000b03";

    private final Map<PortEnd, Linked> history = new HashMap<>();
    private final Map<String, FabricNode> seen = new HashMap<>();
    private final Function<String, Optional<FabricNode>> lastKnown = guid -> Optional.ofNullable(seen.get(guid));

    @Test
    void aCableAndANodeFirstSeenAfterTheInstantAreLeftOutAndBeforeItTheyAreThere() {
        cable(LEAF, 1, HOST, 1, T0, T0.plusSeconds(7200), null);
        cable(LEAF, 2, NEW_HOST, 1, T0.plusSeconds(600), T0.plusSeconds(600), null);
        cable(LEAF, 9, SPINE, 1, T0, T0, null);
        FabricModel today = model(List.of(leaf(), spine(), host(HOST), host(NEW_HOST)),
                List.of(link(LEAF, 1, HOST, 1), link(LEAF, 2, NEW_HOST, 1), link(LEAF, 9, SPINE, 1)));

        PastTopology before = PastTopology.rebuild(T0.plusSeconds(300), today, history, lastKnown);
        assertThat(cables(before)).containsExactlyInAnyOrder(LEAF + "[1]-" + HOST + "[1]", LEAF + "[9]-" + SPINE + "[1]");
        assertThat(before.model().nodes()).doesNotContainKey(NEW_HOST).containsKeys(LEAF, SPINE, HOST);
        assertThat(before.notes()).containsExactly("1 cable and 1 node first seen after this time are left out.");

        PastTopology after = PastTopology.rebuild(T0.plusSeconds(601), today, history, lastKnown);
        assertThat(after.model()).isEqualTo(today);
        assertThat(after.notes()).isEmpty();
    }

    @Test
    void aCableSeenGoneIsDrawnBackUntilTheLossBetweenTheNodesItJoinedAndNotAfter() {
        cable(LEAF, 1, HOST, 1, T0, T0.plusSeconds(7200), null);
        cable(LEAF, 3, GONE_HOST, 1, T0, T0.plusSeconds(900), T0.plusSeconds(910));
        seen.put(GONE_HOST, new FabricNode(GONE_HOST, NodeType.CA, "gone01 HCA-1", 1));
        FabricModel today = model(List.of(leaf(), host(HOST)), List.of(link(LEAF, 1, HOST, 1)));

        PastTopology then = PastTopology.rebuild(T0.plusSeconds(905), today, history, lastKnown);
        assertThat(cables(then)).containsExactlyInAnyOrder(LEAF + "[1]-" + HOST + "[1]", LEAF + "[3]-" + GONE_HOST + "[1]");
        assertThat(then.model().nodes().get(GONE_HOST).description()).as("named as last known").isEqualTo("gone01 HCA-1");
        assertThat(then.notes()).containsExactly("1 cable gone now is drawn back as in place then, without width or speed (not stored).");

        assertThat(cables(PastTopology.rebuild(T0.plusSeconds(910), today, history, lastKnown)))
                .as("seen gone then").containsExactly(LEAF + "[1]-" + HOST + "[1]");
        assertThat(cables(PastTopology.rebuild(T0.minusSeconds(1), today, history, lastKnown)))
                .as("before its first sighting").isEmpty();
    }

    @Test
    void aCableThatWentWithoutAReportIsDrawnForTheHourItsLastSightingMayBeStaleAndSaidSo() {
        cable(LEAF, 3, GONE_HOST, 1, T0, T0.plusSeconds(900), null);
        seen.put(GONE_HOST, new FabricNode(GONE_HOST, NodeType.CA, "gone01 HCA-1", 1));
        FabricModel today = model(List.of(leaf()), List.of());

        assertThat(PastTopology.rebuild(T0.plusSeconds(900), today, history, lastKnown).notes())
                .as("at its last sighting: certain").hasSize(1);
        PastTopology stale = PastTopology.rebuild(T0.plusSeconds(900).plus(Duration.ofMinutes(59)), today, history, lastKnown);
        assertThat(cables(stale)).containsExactly(LEAF + "[3]-" + GONE_HOST + "[1]");
        assertThat(stale.notes()).anySatisfy(note -> assertThat(note).startsWith("1 cable drawn back went without a report of when"));
        assertThat(cables(PastTopology.rebuild(T0.plusSeconds(900).plus(Duration.ofHours(1)), today, history, lastKnown)))
                .as("it would have been seen again within the hour").isEmpty();
    }

    @Test
    void aMovedCableIsDrawnAtItsOldPortBeforeTheMoveAndAtItsNewOneAfter() {
        // The host's cable moved from the leaf's port 1 to port 2 at T0 + 600: its row names the new port; the old
        // port's row still names the host, seen gone at the move.
        cable(LEAF, 1, HOST, 1, T0, T0.plusSeconds(590), T0.plusSeconds(600));
        history.put(new PortEnd(HOST, 1), new Linked(new PortEnd(LEAF, 2), T0.plusSeconds(600), T0.plusSeconds(600), null));
        history.put(new PortEnd(LEAF, 2), new Linked(new PortEnd(HOST, 1), T0.plusSeconds(600), T0.plusSeconds(600), null));
        FabricModel today = model(List.of(leaf(), host(HOST)), List.of(link(LEAF, 2, HOST, 1)));

        assertThat(cables(PastTopology.rebuild(T0.plusSeconds(300), today, history, lastKnown)))
                .containsExactly(LEAF + "[1]-" + HOST + "[1]");
        assertThat(cables(PastTopology.rebuild(T0.plusSeconds(700), today, history, lastKnown)))
                .containsExactly(LEAF + "[2]-" + HOST + "[1]");
    }

    @Test
    void aCableWhoseNodeNothingNamesIsNotDrawnAndOneWithoutHistoryIsDrawnAsNowBothSaidSo() {
        cable(LEAF, 3, GONE_HOST, 1, T0, T0.plusSeconds(900), T0.plusSeconds(910));
        FabricModel today = model(List.of(leaf(), host(HOST)), List.of(link(LEAF, 1, HOST, 1)));

        PastTopology then = PastTopology.rebuild(T0.plusSeconds(300), today, history, lastKnown);
        assertThat(cables(then)).containsExactly(LEAF + "[1]-" + HOST + "[1]");
        assertThat(then.notes()).containsExactly(
                "1 cable in place then is not drawn: an end's node has not reported since the server started, so nothing names it.",
                "1 cable of today has no cable history and is drawn as now.");
    }

    private void cable(String a, int aPort, String b, int bPort, Instant first, Instant last, Instant lost) {
        history.put(new PortEnd(a, aPort), new Linked(new PortEnd(b, bPort), first, last, lost));
        history.put(new PortEnd(b, bPort), new Linked(new PortEnd(a, aPort), first, last, lost));
    }

    private static List<String> cables(PastTopology topology) {
        return topology.model().links().stream().map(l -> l.a().end() + "-" + l.b().end()).toList();
    }

    private static FabricModel model(List<FabricNode> nodes, List<FabricLink> links) {
        return FabricModel.of(nodes, links);
    }

    private static FabricLink link(String a, int aPort, String b, int bPort) {
        return FabricLink.between(LinkEndState.bare(new PortEnd(a, aPort), 0, null, null),
                LinkEndState.bare(new PortEnd(b, bPort), 0, null, null));
    }

    private static FabricNode leaf() {
        return new FabricNode(LEAF, NodeType.SWITCH, "leaf01", 36);
    }

    private static FabricNode spine() {
        return new FabricNode(SPINE, NodeType.SWITCH, "spine01", 36);
    }

    private static FabricNode host(String guid) {
        return new FabricNode(guid, NodeType.CA, "host " + guid.substring(14), 1);
    }
}
