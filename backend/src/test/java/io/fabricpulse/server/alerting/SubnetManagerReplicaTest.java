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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The subnet manager rules on two whole replicas (issue 27): every batch reaches both, the one that stores it
 * first judges it, and each watch judges on its own picture and clock. This is the flood {@code WholeReplicasIT}
 * once showed with SMInfo timing out: the replica that came back after an outage starts its no-master watch
 * anew (it gives the agents a whole window to find the master), so it judged "no alert" while the other still
 * judged "no master"; it resolved the other's alert, which opened it again a batch later, over and over.
 */
class SubnetManagerReplicaTest extends OnFreshStateStore {

    private static final String MASTER = "0x0000000000100001";
    private static final String VIA = "0x0000000000100000:1";
    private static final String NO_MASTER = "fabric:sm-no-master";
    /** Reconcile every second (as WholeReplicasIT runs): an assertion reaches the other replica within 3 s. */
    private static final AlertsProperties PROPERTIES = new AlertsProperties(Map.of(), Map.of(), Duration.ofMinutes(30),
            3, Duration.ofSeconds(1), Duration.ofSeconds(1), 1000);
    private static final int TICK_SECONDS = 2;
    private static final int ANSWERS_AGAIN = 220;

    private final List<AlertEvent> events = new ArrayList<>();
    private long activity = 1_000;

    /** One server: its alerting on the shared store, its SM registry and watch. */
    private final class Replica {
        final AlertTestbed bed = new AlertTestbed(db, clock, PROPERTIES);
        final SubnetManagerRegistry registry = new SubnetManagerRegistry(new SubnetManagerRepository(db.client()),
                List.of(new SubnetManagerWatch(bed.engine, new RuleSettingsResolver(RuleCatalog.standard(), PROPERTIES),
                        lid -> new AlertEnd("0x0000000000100000", "sm-host", NodeType.CA, 1, lid, true), clock)));

        /** Starts as a server does: what the store remembers first. */
        Replica started() {
            registry.load(new SubnetManagerRepository(db.client()).all().collectList().block());
            bed.reconciler.reconcile();
            return this;
        }

        void apply(IngestBatch batch, boolean judgedElsewhere) {
            registry.applied(batch, judgedElsewhere);
            bed.settle();
        }

        void reconcile() {
            bed.reconciler.reconcile();
            bed.settle();
            registry.flush();
        }
    }

    private IngestBatch poll(int tick, boolean answered) {
        SubnetManagerReport report = answered
                ? new SubnetManagerReport(1, MASTER, 10, SmState.MASTER, activity += 41, true, VIA, null, null)
                : new SubnetManagerReport(1, null, null, null, null, true, VIA,
                "SMInfo of Lid 1: no answer in 1000 ms after 3 attempts", null);
        return new IngestBatch(IngestBatch.SCHEMA_VERSION, "node-2", tick + 1L, clock.instant(), "umad", List.of(), null,
                List.of(report));
    }

    @Test
    void aReplicaBackFromAnOutageWhileNoSmAnswersNeitherResolvesNorReopensTheOthersAlert() {
        Replica a = new Replica().started();
        Replica b = new Replica().started();
        List<IngestBatch> backlog = new ArrayList<>();
        for (int tick = 0; tick < 260; tick++) {
            // SMInfo answers for the first 20 s, times out for 7 minutes, then answers again (from +440 s).
            IngestBatch batch = poll(tick, tick < 10 || tick >= ANSWERS_AGAIN);
            boolean bDown = tick >= 100 && tick < 160;
            if (tick == 160) {
                collect(b);
                b = new Replica().started();                         // back on the same data, a new replica
                for (IngestBatch missed : backlog) {                 // its backlog, every batch stored by a first
                    b.apply(missed, true);
                }
            }
            // The replicas take turns at storing a batch first; the other applies it a moment later.
            boolean aFirst = bDown || tick % 2 == 0;
            (aFirst ? a : b).apply(batch, false);
            clock.advanceSeconds(0.3);
            if (bDown) {
                backlog.add(batch);
            } else {
                (aFirst ? b : a).apply(batch, true);
            }
            for (int second = 0; second < TICK_SECONDS; second++) {
                clock.advanceSeconds(second == 0 ? 0.7 : 1);
                a.reconcile();
                if (!bDown) {
                    b.reconcile();
                }
            }
        }
        collect(a);
        collect(b);

        assertThat(firedAndResolved()).as("announced once, resolved once").containsExactly("FIRED " + NO_MASTER,
                "RESOLVED " + NO_MASTER);
        assertThat(events.getFirst().at()).as("2 minutes after the last answer (+18 s)")
                .isBetween(AlertTestbed.T0.plusSeconds(138), AlertTestbed.T0.plusSeconds(140));
        // Once a replica first with a batch sees an answer, within the 3 s an assertion takes between them.
        assertThat(events.getLast().at()).isBetween(AlertTestbed.T0.plusSeconds(ANSWERS_AGAIN * TICK_SECONDS),
                AlertTestbed.T0.plusSeconds(ANSWERS_AGAIN * TICK_SECONDS + 3 * TICK_SECONDS));
        assertThat(a.bed.openRows()).isEmpty();
    }

    private void collect(Replica replica) {
        events.addAll(replica.bed.events);
    }

    private List<String> firedAndResolved() {
        return events.stream().filter(e -> e.kind() == AlertEventKind.FIRED || e.kind() == AlertEventKind.RESOLVED)
                .map(e -> e.kind() + " " + e.subject()).toList();
    }
}
