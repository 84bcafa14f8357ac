package io.fabricpulse.server.topology;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.topology.model.FabricLink;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.FabricNode;
import io.fabricpulse.server.topology.model.LinkEndState;
import io.fabricpulse.server.topology.model.PortEnd;
import io.fabricpulse.server.topology.store.CableHistoryRepository;
import io.fabricpulse.server.topology.store.CableHistoryRow;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.fabricpulse.server.topology.SmallFabric.H1;
import static io.fabricpulse.server.topology.SmallFabric.H3;
import static io.fabricpulse.server.topology.SmallFabric.S1;
import static io.fabricpulse.server.topology.SmallFabric.S2;
import static org.assertj.core.api.Assertions.assertThat;

/** The cable history on a real state database: what batches teach it, what it stores, what a baseline does to it. */
class CableHistoryTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");

    private final StateDatabase db = StateDatabase.h2();
    private final MutableClock clock = new MutableClock(T0);
    private final CableHistoryRepository rows = new CableHistoryRepository(db.client(), db.transaction());
    private final CableHistory history = new CableHistory(rows, clock);
    private final SmallFabric fabric = new SmallFabric();

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void everyLinkSeenIsRememberedAtBothEndsAndStored() {
        history.record(fabric.discovered(T0, true, true), false);
        history.flush();

        assertThat(history.expectedPeer(S1, 1)).isEqualTo(new PortEnd(H1, 1));
        assertThat(history.expectedPeer(H1, 1)).as("the host's end, though the host reported no port").isEqualTo(new PortEnd(S1, 1));
        assertThat(history.expectedPeer(S1, 5)).as("an empty port").isNull();
        assertThat(rows.all().collectList().block()).hasSize(12).contains(new CableHistoryRow(S2, 1, H3, 1, T0, T0));
    }

    @Test
    void aLostCableStaysKnownAndAStartedServerKnowsItFromTheStateStore() {
        history.record(fabric.discovered(T0, true, true), false);
        history.flush();
        fabric.unlink(S2, 1);
        clock.advanceSeconds(10);
        history.record(fabric.discovered(clock.instant(), true, true), false);
        history.flush();
        assertThat(history.expectedPeer(S2, 1)).isEqualTo(new PortEnd(H3, 1));

        CableHistory restarted = new CableHistory(rows, clock);
        restarted.load(rows.all().collectList().block());
        assertThat(restarted.expectedPeer(S2, 1)).isEqualTo(new PortEnd(H3, 1));
        assertThat(restarted.expectedPeer(H3, 1)).isEqualTo(new PortEnd(S2, 1));
    }

    @Test
    void aSightingIsStoredAgainOnlyAfterTheRefreshTimeAndAMovedCableStartsAnew() {
        history.record(fabric.discovered(T0, true, true), false);
        assertThat(history.flush()).as("12 port ends").isEqualTo(12);
        clock.advanceSeconds(60);
        history.record(fabric.discovered(clock.instant(), false, false), false);
        assertThat(history.flush()).as("nothing new within the hour").isZero();
        clock.advance(CableHistory.REFRESH);
        history.record(fabric.discovered(clock.instant(), false, false), false);
        assertThat(history.flush()).as("the switch ends' refresh").isEqualTo(12);

        fabric.unlink(S2, 1);
        fabric.link(S2, 1, H1, 2);
        clock.advanceSeconds(10);
        history.record(fabric.discovered(clock.instant(), false, false), false);
        history.flush();
        assertThat(history.of(S2, 1).orElseThrow().firstSeen()).isEqualTo(clock.instant());
        assertThat(history.expectedPeer(S2, 1)).isEqualTo(new PortEnd(H1, 2));
    }

    /** Whole replicas: the replica that stored the batch first wrote its cables; this one only learns them. */
    @Test
    void aBatchAnotherReplicaStoredFirstIsRememberedButNotStoredAgain() {
        history.record(fabric.discovered(T0, true, true), true);
        assertThat(history.flush()).as("written by the replica that stored the batch first").isZero();
        assertThat(history.expectedPeer(S1, 1)).isEqualTo(new PortEnd(H1, 1));

        fabric.unlink(S2, 1);
        fabric.link(S2, 1, H1, 2);
        clock.advanceSeconds(10);
        history.record(fabric.discovered(clock.instant(), false, false), false);
        assertThat(history.flush()).as("a moved cable in a batch this replica stored first: both ends").isEqualTo(2);
        assertThat(rows.all().collectList().block()).extracting(CableHistoryRow::nodeGuid, CableHistoryRow::portNumber)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple(S2, 1), org.assertj.core.groups.Tuple.tuple(H1, 2));
    }

    @Test
    void aSavedBaselineIsTheWholeHistoryAndOneFromBeforeSeedsIt() {
        history.record(fabric.discovered(T0, true, true), false);
        history.flush();
        FabricModel baseline = FabricModel.of(List.of(new FabricNode(S1, NodeType.SWITCH, "s1", 8),
                        new FabricNode(H1, NodeType.CA, "h1", 1)),
                List.of(FabricLink.between(LinkEndState.bare(new PortEnd(S1, 1), 0, null, null),
                        LinkEndState.bare(new PortEnd(H1, 1), 0, null, null))));

        history.replaceWith(baseline);
        history.flush();
        assertThat(history.expectedPeer(S2, 1)).as("not in the new baseline: forgotten").isNull();
        assertThat(rows.all().collectList().block()).extracting(CableHistoryRow::nodeGuid, CableHistoryRow::portNumber)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple(S1, 1), org.assertj.core.groups.Tuple.tuple(H1, 1));

        CableHistory fresh = new CableHistory(new CableHistoryRepository(db.client(), db.transaction()), clock);
        fresh.seed(FabricModel.of(List.of(new FabricNode(S2, NodeType.SWITCH, "s2", 8), new FabricNode(H3, NodeType.CA, "h3", 1)),
                List.of(FabricLink.between(LinkEndState.bare(new PortEnd(S2, 1), 0, null, null),
                        LinkEndState.bare(new PortEnd(H3, 1), 0, null, null)))));
        assertThat(fresh.expectedPeer(S2, 1)).isEqualTo(new PortEnd(H3, 1));
        assertThat(clock.instant()).isEqualTo(T0.plus(Duration.ZERO));
    }

    /** The topology finds the loss where the structure changed; the history keeps when, at both ends, and stores it. */
    @Test
    void aCableSeenGoneKeepsItsExactLastSightingAndWhenItWentUntilItIsBack() {
        TopologyChanges topology = new TopologyChanges(new TopologyProperties(Duration.ofSeconds(30),
                org.springframework.util.unit.DataSize.ofMegabytes(16)), clock, guid -> null, List.of());
        IngestBatch up = SmallFabric.hostAgent(H3, 1, T0, PortState.ACTIVE, S2, 1);
        history.record(up, false);
        assertThat(topology.accept(up)).as("first sight: nothing lost").isEmpty();
        clock.advance(Duration.ofMinutes(10));
        IngestBatch same = SmallFabric.hostAgent(H3, 2, clock.instant(), PortState.ACTIVE, S2, 1);
        history.record(same, false);
        assertThat(topology.accept(same)).as("the same structure: not even looked at").isEmpty();
        Instant lastLinked = clock.instant();
        clock.advanceSeconds(10);
        IngestBatch down = SmallFabric.hostAgent(H3, 3, clock.instant(), PortState.DOWN, null, 0);
        history.record(down, false);
        List<CableLoss> lost = topology.accept(down);
        assertThat(lost).containsExactly(new CableLoss(new PortEnd(H3, 1), new PortEnd(S2, 1), lastLinked, clock.instant()));
        history.lost(lost, false);
        history.flush();

        CableHistory.Linked expected = new CableHistory.Linked(new PortEnd(S2, 1), T0, lastLinked, clock.instant());
        assertThat(history.of(H3, 1)).contains(expected);
        assertThat(history.of(S2, 1)).as("the far end's row too").contains(
                new CableHistory.Linked(new PortEnd(H3, 1), T0, lastLinked, clock.instant()));
        assertThat(rows.all().collectList().block()).contains(
                new CableHistoryRow(H3, 1, S2, 1, T0, lastLinked, clock.instant()),
                new CableHistoryRow(S2, 1, H3, 1, T0, lastLinked, clock.instant()));
        history.lost(List.of(new CableLoss(new PortEnd(S2, 1), new PortEnd(H3, 1), lastLinked, clock.instant().plusSeconds(5))), false);
        assertThat(history.of(H3, 1)).as("the other end's later report of the same loss changes nothing").contains(expected);

        clock.advanceSeconds(60);
        IngestBatch back = SmallFabric.hostAgent(H3, 4, clock.instant(), PortState.ACTIVE, S2, 1);
        history.record(back, false);
        assertThat(topology.accept(back)).isEmpty();
        history.flush();
        assertThat(history.of(H3, 1)).as("back: in place from its first sighting")
                .contains(new CableHistory.Linked(new PortEnd(S2, 1), T0, clock.instant(), null));
        assertThat(rows.all().collectList().block()).contains(new CableHistoryRow(H3, 1, S2, 1, T0, clock.instant()));
    }

    @Test
    void aSavedBaselineKeepsTheFirstSightingOfTheCablesItHoldsThatWereKnown() {
        history.record(fabric.discovered(T0, true, true), false);
        clock.advance(Duration.ofHours(2));
        history.replaceWith(FabricModel.of(List.of(new FabricNode(S1, NodeType.SWITCH, "s1", 8),
                        new FabricNode(H1, NodeType.CA, "h1", 2)),
                List.of(FabricLink.between(LinkEndState.bare(new PortEnd(S1, 1), 0, null, null),
                                LinkEndState.bare(new PortEnd(H1, 1), 0, null, null)),
                        FabricLink.between(LinkEndState.bare(new PortEnd(S1, 5), 0, null, null),
                                LinkEndState.bare(new PortEnd(H1, 2), 0, null, null)))));
        assertThat(history.of(S1, 1).orElseThrow().firstSeen()).as("seen since T0").isEqualTo(T0);
        assertThat(history.of(S1, 5).orElseThrow().firstSeen()).as("known from now on").isEqualTo(clock.instant());
    }

    @Test
    void aPortThatIsDownOrDisabledTeachesNothing() {
        fabric.unlink(S1, 1);
        history.record(fabric.discovered(T0, true, true), false);
        assertThat(history.expectedPeer(S1, 1)).isNull();
        assertThat(history.snapshot()).doesNotContainKey(new PortEnd(S1, 1));
    }
}
