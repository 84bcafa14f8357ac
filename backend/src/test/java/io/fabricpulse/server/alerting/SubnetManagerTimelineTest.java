package io.fabricpulse.server.alerting;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.SmState;
import io.fabricpulse.model.ingest.SubnetManagerReport;
import io.fabricpulse.server.alerting.sm.SubnetManagerWatch;
import io.fabricpulse.server.sm.SubnetManagerRegistry;
import io.fabricpulse.server.sm.store.SubnetManagerRepository;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The subnet manager rules as a timeline on a virtual clock: the real registry (its table on H2), the real
 * watch and the real engine. Two SMs: A (LID 1, priority 10) and B (LID 4, priority 5); one agent asks A (the
 * master its port names) and, as a discover-role agent, B (IsSM) every 10 s. A healthy master's ActCount moves
 * by its sweeps (here 40 a round) plus one per query it answers.
 */
class SubnetManagerTimelineTest extends OnFreshStateStore {

    private static final String A = "0x0000000000100001";
    private static final String B = "0x0000000000100007";
    private static final String VIA = "0x0000000000100000:1";
    private static final String NO_MASTER = "fabric:sm-no-master";
    private static final String SPLIT = "fabric:sm-masters";
    private static final String CHANGED = "fabric:sm-master-changed";
    private static final String HUNG = "fabric:sm-hung";

    private final AlertTestbed bed = new AlertTestbed(db, clock, AlertsProperties.defaults());
    private final RuleSettingsResolver settings = new RuleSettingsResolver(RuleCatalog.standard(),
            AlertsProperties.defaults());
    private SubnetManagerRegistry registry = registry();
    private long sequence;
    private long countA = 1_000;
    private long countB = 500;

    private SubnetManagerRegistry registry() {
        SubnetManagerWatch watch = new SubnetManagerWatch(bed.engine, settings,
                lid -> new AlertEnd("0x00000000001000" + (lid == 1 ? "00" : "06"), lid == 1 ? "sm-host-a" : "sm-host-b",
                        NodeType.CA, 1, lid, true), clock);
        return new SubnetManagerRegistry(new SubnetManagerRepository(db.client()), List.of(watch));
    }

    private static SubnetManagerReport answer(String guid, int lid, int priority, SmState state, long count,
                                              boolean registered) {
        return new SubnetManagerReport(lid, guid, priority, state, count, registered, VIA, null, null);
    }

    private static SubnetManagerReport silent(int lid) {
        return new SubnetManagerReport(lid, null, null, null, null, true, VIA,
                "SMInfo of Lid " + lid + ": no answer in 1000 ms after 3 attempts", null);
    }

    /** One poll: the agent's answers, then 10 s pass. */
    private void poll(SubnetManagerReport... answers) {
        poll(false, answers);
    }

    /** One poll, stored first by another replica when {@code judgedElsewhere}. */
    private void poll(boolean judgedElsewhere, SubnetManagerReport... answers) {
        registry.applied(new IngestBatch(IngestBatch.SCHEMA_VERSION, "discoverer", ++sequence, clock.instant(), "umad",
                List.of(), null, List.of(answers)), judgedElsewhere);
        bed.settle();
        bed.advanceSeconds(10);
    }

    /** {@code rounds} polls of A as a sweeping master and B as its standby. */
    private void healthy(int rounds) {
        for (int i = 0; i < rounds; i++) {
            countA += 41; // its sweep's SMPs and our query
            countB += 11; // it polls A, and answers our query
            poll(answer(A, 1, 10, SmState.MASTER, countA, true), answer(B, 4, 5, SmState.STANDBY, countB, false));
        }
    }

    private List<String> firedAndResolved() {
        List<String> lines = new ArrayList<>();
        bed.events.stream().filter(e -> e.kind() == AlertEventKind.FIRED || e.kind() == AlertEventKind.RESOLVED)
                .forEach(e -> lines.add(e.kind() + " " + e.subject() + " +"
                        + Duration.between(AlertTestbed.T0, e.at()).toSeconds() + "s"));
        return lines;
    }

    @Test
    void aHealthyMasterAndItsStandbyAreNoAlert() {
        healthy(60);
        assertThat(bed.events).isEmpty();
        assertThat(registry.managers()).extracting(m -> m.guid(), m -> m.state())
                .containsExactly(tuple(A, SmState.MASTER), tuple(B, SmState.STANDBY));
    }

    @Test
    void aMasterWhoseActivityOnlyCountsOurQueriesIsHungAndRecoversWhenItSweepsAgain() {
        healthy(3);                                                  // +0 .. +20 s
        for (int i = 0; i < 11; i++) {                               // +30 .. +130 s: answers, sends nothing else
            countA += 1;
            countB += 11;
            poll(answer(A, 1, 10, SmState.MASTER, countA, true), answer(B, 4, 5, SmState.STANDBY, countB, false));
        }
        assertThat(bed.events).as("idle for less than the 2 minutes").isEmpty();
        countA += 1;                                                 // +140 s: 2 minutes since its last SMP of its own
        poll(answer(A, 1, 10, SmState.MASTER, countA, true), answer(B, 4, 5, SmState.STANDBY, countB += 11, false));
        assertThat(firedAndResolved()).containsExactly("FIRED " + HUNG + " +140s");
        assertThat(bed.events.getFirst().context().summary()).contains("sm-host-a").contains("looks hung")
                .contains("moved by 12 over 13 queries");
        healthy(1);
        assertThat(firedAndResolved()).containsExactly("FIRED " + HUNG + " +140s", "RESOLVED " + HUNG + " +150s");
    }

    @Test
    void noMasterForLongerThanAFailoverThenTheStandbyTakesOverAsAChangedMaster() {
        healthy(3);
        for (int i = 0; i < 12; i++) {                               // +30 .. +140 s: A is gone, B still standby
            poll(silent(1), answer(B, 4, 5, SmState.STANDBY, countB += 11, false));
        }
        assertThat(firedAndResolved()).as("2 minutes since A last answered as master, asked all along")
                .containsExactly("FIRED " + NO_MASTER + " +140s");
        assertThat(bed.events.getFirst().context().summary())
                .contains("no subnet manager answers as master")
                .contains(A + " (LID 1 on sm-host-a port 1, priority 10, MASTER, last query unanswered")
                .contains(B + " (LID 4 on sm-host-b port 1, priority 5, STANDBY)");

        poll(silent(1), answer(B, 4, 5, SmState.MASTER, countB += 40, false));   // +150 s
        assertThat(firedAndResolved()).containsExactly("FIRED " + NO_MASTER + " +140s",
                "RESOLVED " + NO_MASTER + " +150s", "FIRED " + CHANGED + " +150s");
        assertThat(bed.events.getLast().context().summary()).startsWith("master SM changed from " + A + " to " + B);
    }

    /**
     * Whole replicas: batches another replica stored first are followed (the watch's picture stays whole) but
     * neither judged nor stored again; the next batch this replica stores first is judged on that picture.
     */
    @Test
    void batchesAnotherReplicaStoredFirstAreFollowedButJudgedAndStoredThere() {
        healthy(3);
        registry.flush();
        for (int i = 0; i < 12; i++) {                               // +30 .. +140 s: A is gone
            poll(true, silent(1), answer(B, 4, 5, SmState.STANDBY, countB += 11, false));
        }
        assertThat(bed.events).as("the other replica's to announce").isEmpty();
        assertThat(registry.flush()).as("the other replica's to store").isZero();
        poll(silent(1), answer(B, 4, 5, SmState.STANDBY, countB += 11, false));   // +150 s, stored here first
        assertThat(firedAndResolved()).containsExactly("FIRED " + NO_MASTER + " +150s");
    }

    @Test
    void twoMastersLongerThanTheWindowAreASplitSubnet() {
        healthy(3);
        for (int i = 0; i < 3; i++) {                                // +30 .. +50 s: B turns master too (partitioned)
            poll(answer(A, 1, 10, SmState.MASTER, countA += 41, true), answer(B, 4, 5, SmState.MASTER, countB += 40, false));
        }
        assertThat(bed.events).as("20 s of it: shorter than the 30 s window").isEmpty();
        poll(answer(A, 1, 10, SmState.MASTER, countA += 41, true), answer(B, 4, 5, SmState.MASTER, countB += 40, false));
        assertThat(firedAndResolved()).containsExactly("FIRED " + SPLIT + " +60s");
        assertThat(bed.events.getFirst().context().summary()).startsWith("2 subnet managers answer as master");
        assertThat(bed.events.getFirst().ends()).extracting(AlertEnd::nodeName).containsExactly("sm-host-a", "sm-host-b");
        for (int i = 0; i < 3; i++) {                                // B back to standby; its stale MASTER answer ages out
            poll(answer(A, 1, 10, SmState.MASTER, countA += 41, true), answer(B, 4, 5, SmState.STANDBY, countB += 11, false));
        }
        assertThat(firedAndResolved()).containsExactly("FIRED " + SPLIT + " +60s", "RESOLVED " + SPLIT + " +70s");
        assertThat(firedAndResolved()).noneMatch(line -> line.contains(CHANGED));
    }

    @Test
    void aMasterThatChangedWhileTheServerWasDownIsAChange() {
        healthy(3);
        registry.flush();                                            // the server stops; what it knew is stored
        registry = registry();
        registry.load(new SubnetManagerRepository(db.client()).all().collectList().block());
        clock.advanceSeconds(600);                                   // B took over in the meantime
        poll(silent(1), answer(B, 4, 5, SmState.MASTER, countB += 4000, false));
        assertThat(firedAndResolved()).containsExactly("FIRED " + CHANGED + " +630s");
    }

    @Test
    void withoutQueriesNothingIsJudged() {
        bed.advanceSeconds(3600);
        registry.applied(new IngestBatch(IngestBatch.SCHEMA_VERSION, "sysfs-agent", 1, clock.instant(), "sysfs",
                List.of()), false);
        bed.advanceSeconds(3600);
        assertThat(bed.events).isEmpty();
        assertThat(registry.managers()).isEmpty();
        assertThat(registry.lastAsked()).isNull();
    }

    @Test
    void reservedStatesAreNoMaster() {
        healthy(1);
        for (int i = 0; i < 13; i++) {
            poll(new SubnetManagerReport(1, A, 10, null, countA += 41, true, VIA, null,
                    List.of(new io.fabricpulse.model.ingest.FieldFault("SmState", 9, "reserved"))));
        }
        assertThat(firedAndResolved()).containsExactly("FIRED " + NO_MASTER + " +120s");
        assertThat(bed.events.getFirst().context().summary()).contains("reserved state");
    }

    @Test
    void theRegistryKeepsWhatItAnsweredAcrossARestart() {
        healthy(2);
        registry.flush();
        List<io.fabricpulse.server.sm.store.SubnetManagerRow> rows =
                new SubnetManagerRepository(db.client()).all().collectList().block();
        assertThat(rows).extracting(r -> r.guid(), r -> r.state(), r -> r.lid(), r -> r.priority())
                .containsExactlyInAnyOrder(tuple(A, "MASTER", 1, 10), tuple(B, "STANDBY", 4, 5));
        Instant firstSeen = rows.stream().filter(r -> r.guid().equals(A)).findFirst().orElseThrow().firstSeen();
        assertThat(firstSeen).isEqualTo(AlertTestbed.T0);
    }
}
