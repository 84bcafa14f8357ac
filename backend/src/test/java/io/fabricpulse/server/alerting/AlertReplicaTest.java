package io.fabricpulse.server.alerting;

import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.server.alerting.store.AlertRow;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;


import static io.fabricpulse.server.alerting.AlertTestbed.hostWithSymbolErrors;
import static io.fabricpulse.server.alerting.AlertTestbed.switchWithSymbolErrors;
import static org.assertj.core.api.Assertions.assertThat;

/** Two replicas on one state store, and a restart: one alert, one announcement, nothing lost. */
class AlertReplicaTest extends OnFreshStateStore {

    /** Only the burst rule: 10 s window, 1 s hysteresis; reconcile every second. */
    private static AlertsProperties burstWithin10Seconds() {
        return new AlertsProperties(Map.of(
                "symbol-error-ber", new RuleSettings(false, null, null, null, null, null, null, null),
                "symbol-error-burst", new RuleSettings(null, null, null, Duration.ofSeconds(10), null, null,
                        Duration.ofSeconds(1), null)), Map.of(),
                Duration.ofMinutes(30), 3, Duration.ofSeconds(1), Duration.ofSeconds(1), 1000);
    }

    @Test
    void twoReplicasSeeingBothEndsOpenOneAlertAndAnnounceItOnce() {
        AlertTestbed one = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        AlertTestbed two = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        one.push("rac1001", hostWithSymbolErrors(0));
        two.push("leaf-agent", switchWithSymbolErrors(0));
        clock.advanceSeconds(1);
        // Both engines queue the opening before either writes: the database decides.
        one.fabric.apply(new io.fabricpulse.model.ingest.IngestBatch(1, "rac1001", 99, clock.instant(), "sim",
                java.util.List.of(hostWithSymbolErrors(30))));
        two.fabric.apply(new io.fabricpulse.model.ingest.IngestBatch(1, "leaf-agent", 99, clock.instant(), "sim",
                java.util.List.of(switchWithSymbolErrors(30))));
        one.settle();
        two.settle();

        assertThat(one.events.size() + two.events.size()).isEqualTo(1);
        assertThat(one.openRows()).hasSize(1);
        long id = one.openRows().getFirst().id();
        assertThat(one.engine.lifecycle().byId(id)).isNotNull();
        assertThat(two.engine.lifecycle().byId(id)).isNotNull();
    }

    /**
     * TwoReplicaIT's failure on a virtual clock: one agent's batches alternate between two replicas, and
     * the burst is in a batch the first one applies. The second counts it over its own two-batch
     * interval, one tick later. The agent's collection times are whole milliseconds, so a sample exactly
     * one window after the burst is common, and it is outside the window: here the tick after the burst is
     * a millisecond late and the one ten ticks later a millisecond early, so the first replica's window
     * is clean one tick before the second one's. Had the first replica resolved on its own then, the
     * second would have opened a new alert on its next sample.
     */
    @Test
    void aBurstInBatchesAlternatingBetweenReplicasFiresOnceAndResolvesOnce() {
        AlertsProperties burst = burstWithin10Seconds();
        List<AlertTestbed> replicas = List.of(new AlertTestbed(db, clock, burst), new AlertTestbed(db, clock, burst));
        Instant start = clock.instant();
        long symbolErrors = 0;
        for (int tick = 0; tick < 40; tick++) {
            clock.set(start.plusSeconds(tick).plusMillis(tick >= 7 && tick <= 16 ? 1 : 0));
            if (tick == 6) {
                symbolErrors += 5000;
            }
            replicas.get(tick % 2).push("rac1001", hostWithSymbolErrors(symbolErrors));
            clock.advanceSeconds(0.5);
            reconcileAll(replicas);
        }

        List<AlertEvent> events = allEvents(replicas);
        assertThat(events).extracting(AlertEvent::kind).containsExactly(AlertEventKind.FIRED, AlertEventKind.RESOLVED);
        assertThat(events.getLast().at()).as("the second replica's last assertion (tick 17) is 1 s + 3 reconciles old")
                .isAfterOrEqualTo(start.plusSeconds(21));
        assertThat(replicas.getFirst().openRows()).isEmpty();
    }

    /**
     * Whole replicas (issue 27): the replica that was down takes its backlog from the agent's spool after the
     * live one fired and resolved the alert. Every batch of the backlog was stored by the live replica first,
     * so the returning one updates its windows from it and announces nothing, and its rule state ends where
     * the live one's did: a new burst afterwards fires on either.
     */
    @Test
    void aReplicaCatchingUpOnBatchesAnotherStoredFirstAnnouncesNothingOfThem() {
        AlertTestbed live = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        AlertTestbed back = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        List<io.fabricpulse.model.ingest.IngestBatch> backlog = new ArrayList<>();
        for (int second = 0; second <= 240; second++) {
            io.fabricpulse.model.ingest.IngestBatch batch = new io.fabricpulse.model.ingest.IngestBatch(
                    io.fabricpulse.model.ingest.IngestBatch.SCHEMA_VERSION, "rac1001", second + 1, clock.instant(),
                    "sim", List.of(hostWithSymbolErrors(second < 5 ? 0 : 17)));
            live.fabric.apply(batch);
            live.advanceSeconds(1);
            backlog.add(batch);
        }
        assertThat(live.events).extracting(AlertEvent::kind).containsExactly(AlertEventKind.FIRED, AlertEventKind.RESOLVED);

        for (io.fabricpulse.model.ingest.IngestBatch batch : backlog) {
            back.fabric.apply(batch, io.fabricpulse.server.fabric.StoredBaselines.NONE, true);
            back.reconciler.reconcile();
            back.settle();
        }
        back.advanceSeconds(60);
        assertThat(back.events).as("announced by the live replica already").isEmpty();
        assertThat(back.openRows()).isEmpty();
        assertThat(back.engine.openKeys()).isEmpty();
    }

    /**
     * Issue 27's skewed clocks: whole replicas whose clocks are 2 s apart both apply every batch, and take turns
     * at storing one first (and judging it). Windows count the agent's collection times, so both see the same
     * burst; hysteresis runs on each one's own clock, and the shared alert still fires once and resolves once.
     */
    @Test
    void wholeReplicasWithClocksTwoSecondsApartAnnounceABurstOnceAndResolveItOnce() {
        AlertsProperties burst = burstWithin10Seconds();
        io.fabricpulse.agent.testing.MutableClock behind =
                new io.fabricpulse.agent.testing.MutableClock(clock.instant().minusSeconds(2));
        List<AlertTestbed> replicas = List.of(new AlertTestbed(db, clock, burst), new AlertTestbed(db, behind, burst));
        long symbolErrors = 0;
        for (int tick = 0; tick < 60; tick++) {
            if (tick == 6) {
                symbolErrors += 5000;
            }
            io.fabricpulse.model.ingest.IngestBatch batch = new io.fabricpulse.model.ingest.IngestBatch(
                    io.fabricpulse.model.ingest.IngestBatch.SCHEMA_VERSION, "rac1001", tick + 1, clock.instant(), "sim",
                    List.of(hostWithSymbolErrors(symbolErrors)));
            AlertTestbed first = replicas.get(tick % 2);
            first.fabric.apply(batch, io.fabricpulse.server.fabric.StoredBaselines.NONE, false);
            replicas.get(1 - tick % 2).fabric.apply(batch, io.fabricpulse.server.fabric.StoredBaselines.NONE, true);
            clock.advanceSeconds(1);
            behind.advanceSeconds(1);
            reconcileAll(replicas);
        }

        List<AlertEvent> events = allEvents(replicas);
        assertThat(events).extracting(AlertEvent::kind).containsExactly(AlertEventKind.FIRED, AlertEventKind.RESOLVED);
        assertThat(replicas.getFirst().openRows()).isEmpty();
        replicas.forEach(replica -> assertThat(replica.engine.openKeys()).isEmpty());
    }

    /** One server alone: its alerts stay unshared, and holding them writes nothing to the store. */
    @Test
    void anAlertNoOtherReplicaTouchedCostsNoAssertionWrites() {
        AlertTestbed alone = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        alone.push("rac1001", hostWithSymbolErrors(0));
        for (int second = 1; second <= 60; second++) {
            alone.advanceSeconds(1);
            alone.push("rac1001", hostWithSymbolErrors(17L * second));
            alone.reconciler.reconcile();
        }
        List<AlertRow> open = alone.openRows();
        assertThat(open).isNotEmpty();
        for (AlertRow row : open) {
            assertThat(alone.alerts.lastAssertions().block().get(row.id())).as(row.alertKey())
                    .isEqualTo(new AlertRepository.Assertion(row.id(), row.firedAt(), false));
        }
    }

    @Test
    void aRestartedReplicaReloadsOpenAlertsAndResolvesThemOnceTheLinkIsClean() {
        AlertTestbed before = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        before.fireSymbolErrorAlert();
        assertThat(before.events).hasSize(1);

        AlertTestbed after = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        after.reconciler.reconcile();
        assertThat(after.engine.openKeys()).containsExactly(before.engine.openKeys().getFirst());
        // No evidence on the new replica yet: its sweeps alone never resolve the alert.
        after.advanceSeconds(600);
        assertThat(after.openRows()).hasSize(1);

        after.push("rac1001", hostWithSymbolErrors(17));
        for (int second = 0; second < 31; second++) {
            after.advanceSeconds(1);
            after.push("rac1001", hostWithSymbolErrors(17));
        }
        assertThat(after.events).as("another replica may still see it: a round trip through the store first").isEmpty();
        // Twice the three reconcile intervals an assertion takes to reach a replica (15 s each here).
        for (int second = 0; second < 90; second++) {
            after.advanceSeconds(1);
            after.push("rac1001", hostWithSymbolErrors(17));
        }
        assertThat(after.events).singleElement().satisfies(e -> assertThat(e.kind()).isEqualTo(AlertEventKind.RESOLVED));
        assertThat(after.openRows()).isEmpty();
    }

    @Test
    void aResolutionMadeThroughAnotherReplicaIsTakenOverOnReconcile() {
        AlertTestbed one = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        one.fireSymbolErrorAlert();
        AlertRow open = one.openRows().getFirst();

        one.alerts.acknowledge(open.id(), clock.instant(), "bob", "INC-9").block();
        one.reconciler.reconcile();
        assertThat(one.engine.lifecycle().byId(open.id()).ticket).isEqualTo("INC-9");

        one.alerts.resolve(open.id(), clock.instant(), "bob").block();
        one.reconciler.reconcile();
        assertThat(one.engine.openKeys()).isEmpty();
    }

    /**
     * AlertToWebhookIT's lost firing: a reconcile reads the open rows, the engine resolves the alert before the
     * reconcile takes its lock (the resolution not yet written), and the key fires again right after. The stale
     * row must not be taken back in: the new firing is a new alert, announced.
     */
    @Test
    void anAlertResolvedWhileAReconcileReadTheStoreIsNotTakenBackIn() {
        AlertTestbed one = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        one.fireSymbolErrorAlert();
        long first = one.openRows().getFirst().id();
        // Every second a reconcile reads the store, then a clean sample is applied before the reconcile takes the
        // engine's lock: the one that resolves the alert (the window and the hysteresis past) is the race.
        boolean resolved = false;
        for (int second = 0; second < 300 && !resolved; second++) {
            AlertReconciler.OpenAlerts read = one.reconciler.readOpenAlerts();
            clock.advanceSeconds(1);
            one.fabric.apply(new IngestBatch(1, "rac1001", 1000 + second, clock.instant(), "sim",
                    List.of(hostWithSymbolErrors(17))));
            one.engine.sweep(); // a resolution waits in the writer's queue
            resolved = one.engine.openKeys().isEmpty();
            one.reconciler.takeIn(read);
            one.writer.flush();
        }
        assertThat(resolved).isTrue();
        assertThat(one.engine.openKeys()).as("the row read before the resolution is not taken back in").isEmpty();
        one.writer.flush();

        one.advanceSeconds(1);
        one.push("rac1001", hostWithSymbolErrors(40));
        assertThat(one.events).extracting(AlertEvent::kind)
                .containsExactly(AlertEventKind.FIRED, AlertEventKind.RESOLVED, AlertEventKind.FIRED);
        assertThat(one.openRows()).singleElement().satisfies(row -> assertThat(row.id()).isNotEqualTo(first));
        one.reconciler.reconcile();
        assertThat(one.engine.openKeys()).hasSize(1);
    }

    private static void reconcileAll(List<AlertTestbed> replicas) {
        replicas.forEach(replica -> replica.reconciler.reconcile());
        replicas.forEach(AlertTestbed::settle);
    }

    private static List<AlertEvent> allEvents(List<AlertTestbed> replicas) {
        List<AlertEvent> events = new ArrayList<>();
        replicas.forEach(replica -> events.addAll(replica.events));
        return events;
    }
}
