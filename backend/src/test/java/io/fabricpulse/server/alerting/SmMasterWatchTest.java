package io.fabricpulse.server.alerting;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.sm.SmMasterWatch;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SM master watch on real batches and the real engine (state store on H2, virtual clock): four
 * hosts, host 1 runs the master SM (LID 1), host 4 a standby (LID 4); each host's agent pushes every
 * 10 s.
 */
class SmMasterWatchTest extends OnFreshStateStore {

    private static final String MORE_THAN_ONE = "fabric:sm-masters";
    private static final String CHANGED = "fabric:sm-master-changed";

    private final AlertTestbed bed = new AlertTestbed(db, clock, AlertsProperties.defaults());
    private final SmMasterWatch watch = new SmMasterWatch(bed.engine,
            new RuleSettingsResolver(RuleCatalog.standard(), AlertsProperties.defaults()), clock);
    private long sequence;

    private static String guid(int host) {
        return "0x00000000000000c" + host;
    }

    /** Host {@code host}'s port 1 (LID = host number) names {@code smLid} as master. */
    private void push(int host, int smLid, PortState state, Instant collectedAt) {
        PortReport port = new PortReport(1, host, smLid, state, PhysicalState.LINK_UP, LinkWidth.X4, LinkSpeed.EDR,
                EnumSet.of(LinkWidth.X4), EnumSet.of(LinkSpeed.EDR), "InfiniBand", true, Map.of(), null);
        watch.applied(new IngestBatch(1, "rac100" + host, ++sequence, collectedAt, "sysfs",
                List.of(new NodeReport(guid(host), guid(host), NodeType.CA, "rac100" + host + " HCA-1", null, null,
                        null, List.of(port)))));
        bed.settle();
    }

    /** One 10 s round: every host pushes the master it sees, then the clock moves on. */
    private void round(int... smLidOfHost) {
        for (int host = 1; host <= smLidOfHost.length; host++) {
            push(host, smLidOfHost[host - 1], PortState.ACTIVE, clock.instant());
        }
        bed.advanceSeconds(10);
    }

    private void rounds(int count, int... smLidOfHost) {
        for (int i = 0; i < count; i++) {
            round(smLidOfHost);
        }
    }

    @Test
    void oneMasterSeenByAllIsNoAlert() {
        rounds(30, 1, 1, 1, 1);
        assertThat(bed.events).isEmpty();
    }

    @Test
    void twoMastersForLongerThanTheWindowFireNamingEachLidAndItsPortsAndResolveWhenOneRemains() {
        rounds(3, 1, 1, 1, 1);
        rounds(3, 1, 1, 4, 4); // 20 s of split: shorter than the 30 s window
        assertThat(bed.events).isEmpty();

        round(1, 1, 4, 4);
        assertThat(bed.events).singleElement().satisfies(fired -> {
            assertThat(fired.rule()).isEqualTo(RuleCatalog.SM_MASTER);
            assertThat(fired.subject()).isEqualTo(MORE_THAN_ONE);
            assertThat(fired.severity()).isEqualTo(Severity.CRITICAL);
            assertThat(fired.at()).isEqualTo(AlertTestbed.T0.plusSeconds(60));
            assertThat(fired.context().summary()).isEqualTo("2 subnet managers are master: "
                    + "LID 1 (rac1001 HCA-1 port 1) by 2 ports, LID 4 (rac1004 HCA-1 port 1) by 2 ports");
            assertThat(fired.ends()).extracting(AlertEnd::nodeGuid).containsExactly(guid(1), guid(4));
        });

        rounds(10, 1, 1, 1, 4);
        assertThat(bed.events).hasSize(1);
        round(1, 1, 1, 1);
        assertThat(bed.events(AlertEventKind.RESOLVED)).extracting(AlertEvent::subject).containsExactly(MORE_THAN_ONE);
        // The majority never moved from LID 1: no master change.
        assertThat(bed.events).extracting(AlertEvent::subject).doesNotContain(CHANGED);
    }

    @Test
    void aFailoverIsAMasterChangeThatResolvesAfterTheQuietTimeNotTwoMasters() {
        rounds(3, 1, 1, 1, 1);
        round(4, 4, 1, 1);  // the standby takes over; the SM's sweep reaches half the ports first: a tie
        rounds(2, 4, 4, 4, 4); // the third port to follow makes LID 4 the majority

        assertThat(bed.events).singleElement().satisfies(fired -> {
            assertThat(fired.subject()).isEqualTo(CHANGED);
            assertThat(fired.at()).isEqualTo(AlertTestbed.T0.plusSeconds(40));
            assertThat(fired.context().summary()).isEqualTo("master SM changed from LID 1 (rac1001 HCA-1 port 1) "
                    + "to LID 4 (rac1004 HCA-1 port 1), now named by 3 of 4 ports");
            assertThat(fired.context().value()).isEqualTo(4);
            assertThat(fired.context().threshold()).isEqualTo(1);
        });
        Instant changedAt = AlertTestbed.T0.plusSeconds(40);
        while (clock.instant().isBefore(changedAt.plus(Duration.ofMinutes(5)))) {
            assertThat(bed.events(AlertEventKind.RESOLVED)).isEmpty();
            round(4, 4, 4, 4);
        }
        round(4, 4, 4, 4); // the first batch at the end of the quiet time clears it
        assertThat(bed.events(AlertEventKind.RESOLVED)).singleElement().satisfies(resolved -> {
            assertThat(resolved.subject()).isEqualTo(CHANGED);
            assertThat(resolved.at()).isEqualTo(changedAt.plus(Duration.ofMinutes(5)));
        });
        assertThat(bed.events).extracting(AlertEvent::subject).doesNotContain(MORE_THAN_ONE);
    }

    @Test
    void aMasterThatChangesAgainWithinTheQuietTimeGivesANewAlertSayingFromWhereToWhere() {
        rounds(3, 1, 1, 1, 1);
        rounds(3, 4, 4, 4, 4);
        rounds(3, 1, 1, 1, 1);

        assertThat(bed.events).extracting(AlertEvent::kind, e -> e.context().summary().substring(0, 42))
                .containsExactly(
                        org.assertj.core.api.Assertions.tuple(AlertEventKind.FIRED, "master SM changed from LID 1 (rac1001 HCA-"),
                        org.assertj.core.api.Assertions.tuple(AlertEventKind.RESOLVED, "master SM changed from LID 1 (rac1001 HCA-"),
                        org.assertj.core.api.Assertions.tuple(AlertEventKind.FIRED, "master SM changed from LID 4 (rac1004 HCA-"));
    }

    @Test
    void portsThatAreNotActiveNameNoMasterOrStoppedReportingOrComeLateDoNotCount() {
        rounds(3, 1, 1, 1, 1);
        for (int i = 0; i < 10; i++) {
            push(2, 7, PortState.INIT, clock.instant());                   // no SM has configured it
            push(3, 0, PortState.ACTIVE, clock.instant());                 // MasterSMLID unknown
            push(4, 9, PortState.ACTIVE, clock.instant().minusSeconds(600)); // replayed from long ago
            round(1);
        }
        push(4, 9, PortState.ACTIVE, clock.instant());                     // once, then its agent goes quiet
        rounds(10, 1);
        assertThat(bed.events).isEmpty();
        assertThat(bed.engine.openKeys()).isEmpty();
    }

    @Test
    void aTieNamesNoMajorityAndSoNoMasterChange() {
        rounds(3, 1, 1, 1, 1);
        rounds(30, 1, 1, 4, 4);
        assertThat(bed.events).extracting(AlertEvent::subject).containsExactly(MORE_THAN_ONE);
    }
}
