package io.fabricpulse.server.topology;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.PortEnd;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.fabricpulse.server.topology.SmallFabric.H1;
import static io.fabricpulse.server.topology.SmallFabric.H2;
import static io.fabricpulse.server.topology.SmallFabric.H3;
import static io.fabricpulse.server.topology.SmallFabric.S1;
import static io.fabricpulse.server.topology.SmallFabric.S2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class TopologyChangesTest {

    private static final Instant START = Instant.parse("2026-03-01T12:00:00Z");

    private final MutableClock clock = new MutableClock(START);
    private final List<TopologyChange> told = new ArrayList<>();
    private final TopologyChanges changes = new TopologyChanges(
            new TopologyProperties(Duration.ofSeconds(30), DataSize.ofMegabytes(1)), clock, guid -> null, List.of(told::add));
    private final SmallFabric fabric = new SmallFabric();

    private void push(boolean walk) {
        changes.accept(fabric.discovered(clock.instant(), walk, true));
    }

    private void baselineNow() {
        changes.useBaseline(changes.current());
    }

    @Test
    void theLiveModelHasEveryNodeAndCableOnceAndNoChangesAgainstItself() {
        push(true);
        FabricModel model = changes.current();

        assertThat(model.nodes()).containsOnlyKeys(S1, S2, H1, H2, H3);
        assertThat(model.links()).extracting(l -> l.a().end(), l -> l.b().end()).containsExactly(
                tuple(new PortEnd(S1, 1), new PortEnd(H1, 1)), tuple(new PortEnd(S1, 2), new PortEnd(H2, 1)),
                tuple(new PortEnd(S1, 3), new PortEnd(S2, 3)), tuple(new PortEnd(S1, 4), new PortEnd(S2, 4)),
                tuple(new PortEnd(S2, 1), new PortEnd(H3, 1)),
                tuple(new PortEnd(S2, 2), new PortEnd(H2, 2)));
        baselineNow();
        assertThat(changes.active()).isEmpty();
        assertThat(told).isEmpty();
    }

    @Test
    void aStructuralBatchSoonAfterADiffWaitsNineTimesTheDiffsTimeThenTheNextBatchDiffs() {
        MutableClock slow = new MutableClock(START);
        slow.stepOnEveryRead(Duration.ofMillis(10)); // every diff takes time, as on a large fabric
        List<TopologyChange> seen = new ArrayList<>();
        TopologyChanges large = new TopologyChanges(new TopologyProperties(Duration.ofSeconds(30),
                DataSize.ofMegabytes(1)), slow, guid -> null, List.of(seen::add));
        large.accept(fabric.discovered(slow.instant(), true, true));
        large.useBaseline(large.current());
        fabric.unlink(S1, 3);
        large.accept(fabric.discovered(slow.instant(), true, true)); // the diff right after the baseline's: waits

        assertThat(seen).isEmpty();

        slow.advance(Duration.ofMillis(500)); // past nine diffs' time, within REEVALUATE_EVERY
        large.accept(fabric.discovered(slow.instant(), true, true)); // repeats the cut: the pending change is diffed
        assertThat(seen).extracting(TopologyChange::kind, TopologyChange::port)
                .containsExactly(tuple(ChangeKind.LINK_MISSING, new PortEnd(S1, 3)));
    }

    @Test
    void aCompleteWalkShowsCutCablesAMovedCableAndAGoneNodeAtOnce() {
        push(true);
        baselineNow();
        clock.advanceSeconds(5);
        fabric.unlink(S1, 3);                 // switch to switch
        fabric.unlink(H2, 1);                 // host cable; h2 stays reachable over port 2
        fabric.unlink(H3, 1);                 // moved ...
        fabric.link(S2, 7, H3, 1);            // ... to s2[7]
        fabric.unlink(H1, 1);                 // h1 gone
        push(true);

        assertThat(changes.active()).extracting(TopologyChange::kind, TopologyChange::port, TopologyChange::peer,
                TopologyChange::now).containsExactlyInAnyOrder(
                tuple(ChangeKind.NODE_MISSING, null, null, null),
                tuple(ChangeKind.LINK_MISSING, new PortEnd(S1, 2), new PortEnd(H2, 1), null),
                tuple(ChangeKind.LINK_MISSING, new PortEnd(S1, 3), new PortEnd(S2, 3), null),
                tuple(ChangeKind.LINK_MOVED, new PortEnd(S2, 1), new PortEnd(H3, 1), new PortEnd(S2, 7)));
        assertThat(changes.active()).filteredOn(c -> c.kind() == ChangeKind.NODE_MISSING)
                .extracting(TopologyChange::nodeGuid).containsExactly(H1);
        assertThat(told).allSatisfy(c -> {
            assertThat(c.detectedAt()).isEqualTo(START.plusSeconds(5));
            assertThat(c.resolvedAt()).isNull();
        });
    }

    @Test
    void removingTheBaselineResolvesEveryChangeAndLaterCutsAreNoChanges() {
        push(true);
        baselineNow();
        fabric.unlink(S1, 3);
        clock.advanceSeconds(5);
        push(true);
        assertThat(changes.active()).hasSize(1);

        clock.advanceSeconds(1);
        changes.useBaseline(null); // without a baseline a diff builds no model: nothing can differ
        fabric.unlink(S2, 1);
        clock.advanceSeconds(5);
        push(true);

        assertThat(changes.active()).isEmpty();
        assertThat(told).extracting(TopologyChange::kind, TopologyChange::port, TopologyChange::resolvedAt)
                .containsExactly(tuple(ChangeKind.LINK_MISSING, new PortEnd(S1, 3), null),
                        tuple(ChangeKind.LINK_MISSING, new PortEnd(S1, 3), START.plusSeconds(6)));
        assertThat(changes.current().links()).extracting(l -> l.a().end())
                .doesNotContain(new PortEnd(S1, 3), new PortEnd(S2, 1)); // read, the model is built with the cuts
    }

    @Test
    void cablesBackResolveTheChangesWithTheTimeTheyWereSeenBack() {
        push(true);
        baselineNow();
        fabric.unlink(S1, 3);
        clock.advanceSeconds(5);
        push(true);
        fabric.link(S1, 3, S2, 3);
        clock.advanceSeconds(7);
        push(true);

        assertThat(changes.active()).isEmpty();
        assertThat(told).extracting(TopologyChange::kind, TopologyChange::detectedAt, TopologyChange::resolvedAt)
                .containsExactly(tuple(ChangeKind.LINK_MISSING, START.plusSeconds(5), null),
                        tuple(ChangeKind.LINK_MISSING, START.plusSeconds(5), START.plusSeconds(12)));
    }

    @Test
    void anIncompleteWalkProvesNothingGoneUntilTheReportsAreStale() {
        push(true);
        baselineNow();
        fabric.unlink(H1, 1);
        clock.advanceSeconds(5);
        changes.accept(fabric.discovered(clock.instant(), true, false));
        assertThat(changes.active()).as("s1[1]'s earlier report still holds the cable").isEmpty();

        clock.advanceSeconds(26);
        changes.accept(fabric.discovered(clock.instant(), false, false));
        assertThat(changes.active()).as("the switch port's report is stale; h1 stays: the last complete walk reached it")
                .extracting(TopologyChange::kind, TopologyChange::port)
                .containsExactly(tuple(ChangeKind.LINK_MISSING, new PortEnd(S1, 1)));
    }

    @Test
    void aDiscoverAgentThatStoppedNoLongerKeepsItsLastWalksNodes() {
        push(true);
        baselineNow();

        clock.advanceSeconds(20);
        changes.accept(SmallFabric.hostAgent(H3, 1, clock.instant(), PortState.ACTIVE, S2, 1));
        assertThat(changes.active()).as("the walker's last batch is 20 s old: its walk still holds").isEmpty();

        clock.advanceSeconds(11); // the walker silent for 31 s; h3's own agent still reports
        changes.accept(SmallFabric.hostAgent(H3, 2, clock.instant(), PortState.ACTIVE, S2, 1));
        assertThat(changes.active()).filteredOn(c -> c.kind() == ChangeKind.NODE_MISSING)
                .extracting(TopologyChange::nodeGuid).contains(H1, H2).doesNotContain(H3);
    }

    @Test
    void withoutAnyDiscoveryAHostIsMissingOnlyAfterItsReportsAreOlderThanMissingAfter() {
        changes.accept(SmallFabric.hostAgent(H3, 1, clock.instant(), PortState.ACTIVE, S2, 1));
        changes.accept(SmallFabric.hostAgent(H1, 1, clock.instant(), PortState.ACTIVE, S1, 1));
        baselineNow();
        assertThat(changes.baseline().nodes()).containsOnlyKeys(H1, H3);

        clock.advanceSeconds(20);
        changes.accept(SmallFabric.hostAgent(H3, 2, clock.instant(), PortState.ACTIVE, S2, 1));
        assertThat(changes.active()).isEmpty();

        clock.advanceSeconds(11); // h1 last seen 31 s ago
        assertThat(changes.active()).extracting(TopologyChange::kind, TopologyChange::nodeGuid)
                .containsExactly(tuple(ChangeKind.NODE_MISSING, H1));
    }

    @Test
    void aFabricThatOnlyRepeatsItselfKeepsItsModelWhileALidChangeShowsAtOnce() {
        push(true);
        FabricModel first = changes.current();
        for (int second = 10; second <= 90; second += 10) {
            clock.advanceSeconds(10);
            push(true);
            assertThat(changes.current()).as("%d s: nothing a model shows changed, nothing grew old", second)
                    .isSameAs(first);
        }

        changes.accept(SmallFabric.hostAgent(H3, 1, clock.instant(), PortState.ACTIVE, S2, 1));
        FabricModel withHost = changes.current();
        clock.advanceSeconds(1);
        changes.accept(SmallFabric.hostAgent(H3, 2, clock.instant(), PortState.ACTIVE, S2, 1));
        assertThat(changes.current()).isSameAs(withHost);

        clock.advanceSeconds(1);
        changes.accept(SmallFabric.hostAgent(H3, 3, clock.instant(), PortState.ACTIVE, S2, 1, 77));
        assertThat(changes.current().links()).flatExtracting(l -> List.of(l.a(), l.b()))
                .filteredOn(end -> end.end().equals(new PortEnd(H3, 1))).extracting(end -> end.lid())
                .as("a new LID is no structural change, but routes read it").containsExactly(77);
    }

    @Test
    void aModelKeptWhileNothingChangedStillLosesASilentHostInTimeAndTakesItBackAtItsNextReport() {
        changes.accept(SmallFabric.hostAgent(H1, 1, clock.instant(), PortState.ACTIVE, S1, 1));
        changes.accept(SmallFabric.hostAgent(H3, 1, clock.instant(), PortState.ACTIVE, S2, 1));
        assertThat(changes.current().nodes()).containsOnlyKeys(H1, H3);

        clock.advanceSeconds(20);
        changes.accept(SmallFabric.hostAgent(H3, 2, clock.instant(), PortState.ACTIVE, S2, 1));
        assertThat(changes.current().nodes()).containsOnlyKeys(H1, H3);

        clock.advanceSeconds(11); // h1 last seen 31 s ago, and no batch since h3's
        assertThat(changes.current().nodes()).as("time alone").containsOnlyKeys(H3);

        clock.advanceSeconds(1);
        changes.accept(SmallFabric.hostAgent(H1, 2, clock.instant(), PortState.ACTIVE, S1, 1));
        assertThat(changes.current().nodes()).as("h1 reports again, as it did before its silence")
                .containsOnlyKeys(H1, H3);
    }

    @Test
    void aHostThatReportsItsPortDownCutsTheCableAnOlderSwitchSideReportStillClaims() {
        push(true);
        baselineNow();
        clock.advanceSeconds(1);
        changes.accept(SmallFabric.hostAgent(H3, 1, clock.instant(), PortState.DOWN, null, 0));

        assertThat(changes.active()).extracting(TopologyChange::kind, TopologyChange::port)
                .containsExactly(tuple(ChangeKind.LINK_MISSING, new PortEnd(S2, 1)));
    }

    @Test
    void aCableBelowWhatBothEndsSupportIsDegradedUnlessTheBaselineAcceptedIt() {
        push(true);
        baselineNow();
        fabric.width(S1, 3, LinkWidth.X1);
        fabric.width(S2, 3, LinkWidth.X1);
        clock.advanceSeconds(1);
        push(false);
        assertThat(changes.active()).extracting(TopologyChange::kind, TopologyChange::port)
                .containsExactly(tuple(ChangeKind.LINK_DEGRADED, new PortEnd(S1, 3)));
        assertThat(changes.active().getFirst().detail()).contains("runs at 1X EDR, both ends support 4X EDR");

        baselineNow();
        assertThat(changes.active()).as("the baseline now has the cable at 1X").isEmpty();
    }

    @Test
    void aPortStateTheBaselineKnowsIsCompared() {
        push(true);
        clock.advanceSeconds(1);
        changes.accept(SmallFabric.hostAgent(H3, 1, clock.instant(), PortState.ACTIVE, S2, 1));
        baselineNow();
        clock.advanceSeconds(1);
        changes.accept(SmallFabric.hostAgent(H3, 2, clock.instant(), PortState.INIT, S2, 1));

        assertThat(changes.active()).extracting(TopologyChange::kind, TopologyChange::port, TopologyChange::detail)
                .containsExactly(tuple(ChangeKind.PORT_STATE_CHANGED, new PortEnd(H3, 1),
                        H3 + "[1] is INIT, was ACTIVE"));
    }

    @Test
    void newNodesAndCablesAreChangesButANewNodesCablesAreNotListedAgain() {
        fabric.unlink(H1, 1);
        push(true);
        baselineNow();
        fabric.link(S1, 1, H1, 1);
        fabric.link(S1, 5, S2, 5);
        clock.advanceSeconds(1);
        push(true);

        assertThat(changes.active()).extracting(TopologyChange::kind, TopologyChange::nodeGuid, TopologyChange::port)
                .containsExactlyInAnyOrder(tuple(ChangeKind.NODE_ADDED, H1, null),
                        tuple(ChangeKind.LINK_ADDED, S1, new PortEnd(S1, 5)));
    }

    @Test
    void afterStartupAStoredBaselineIsJudgedOnlyOnceTheLiveModelIsRebuiltAndTheListenersHearWhatHoldsThen() {
        List<List<TopologyChange>> rebuilt = new ArrayList<>();
        TopologyChangeListener listener = new TopologyChangeListener() {
            @Override
            public void onChange(TopologyChange change) {
                told.add(change);
            }

            @Override
            public void afterRebuild(List<TopologyChange> holding) {
                rebuilt.add(holding);
            }
        };
        push(true);
        FabricModel stored = changes.current();
        clock.advanceSeconds(60);
        TopologyChanges restarted = new TopologyChanges(
                new TopologyProperties(Duration.ofSeconds(30), DataSize.ofMegabytes(1)), clock, guid -> null,
                List.of(listener));
        fabric.unlink(H1, 1);

        restarted.accept(SmallFabric.hostAgent(H3, 1, clock.instant(), PortState.ACTIVE, S2, 1));
        restarted.useBaseline(stored);
        assertThat(restarted.active()).as("only h3 reported yet: the rest is not gone, just not heard from").isEmpty();
        assertThat(rebuilt).isEmpty();

        clock.advanceSeconds(1);
        restarted.accept(fabric.discovered(clock.instant(), true, true));
        assertThat(told).extracting(TopologyChange::kind, TopologyChange::nodeGuid)
                .containsExactly(tuple(ChangeKind.NODE_MISSING, H1));
        assertThat(rebuilt).singleElement().isEqualTo(told);

        clock.advanceSeconds(1);
        restarted.accept(fabric.discovered(clock.instant(), true, true));
        restarted.useBaseline(stored);
        assertThat(rebuilt).as("once per start").hasSize(1);
    }

    @Test
    void noBaselineNoChanges() {
        push(true);
        fabric.unlink(S1, 3);
        push(true);
        assertThat(changes.active()).isEmpty();
    }
}
