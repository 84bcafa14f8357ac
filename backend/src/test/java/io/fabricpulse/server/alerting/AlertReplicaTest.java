package io.fabricpulse.server.alerting;

import io.fabricpulse.server.state.alert.AlertRow;
import org.junit.jupiter.api.Test;


import static io.fabricpulse.server.alerting.AlertTestbed.hostWithSymbolErrors;
import static io.fabricpulse.server.alerting.AlertTestbed.switchWithSymbolErrors;
import static org.assertj.core.api.Assertions.assertThat;

/** Two replicas on one state store, and a restart: one alert, one announcement, nothing lost. */
class AlertReplicaTest extends OnFreshStateStore {

    @Test
    void twoReplicasSeeingBothEndsOpenOneAlertAndAnnounceItOnce() {
        AlertTestbed one = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        AlertTestbed two = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        one.push("rac1001", hostWithSymbolErrors(0));
        two.push("leaf-agent", switchWithSymbolErrors(0));
        clock.advanceSeconds(1);
        // Both engines queue the opening before either writes: the database decides.
        one.fabric.apply(new io.fabricpulse.agent.report.IngestBatch(1, "rac1001", 99, clock.instant(), "sim",
                java.util.List.of(hostWithSymbolErrors(30))));
        two.fabric.apply(new io.fabricpulse.agent.report.IngestBatch(1, "leaf-agent", 99, clock.instant(), "sim",
                java.util.List.of(switchWithSymbolErrors(30))));
        one.settle();
        two.settle();

        assertThat(one.events.size() + two.events.size()).isEqualTo(1);
        assertThat(one.openRows()).hasSize(1);
        long id = one.openRows().getFirst().id();
        assertThat(one.engine.lifecycle().byId(id)).isNotNull();
        assertThat(two.engine.lifecycle().byId(id)).isNotNull();
    }

    @Test
    void aRestartedReplicaReloadsOpenAlertsAndResolvesThemOnceTheLinkIsClean() {
        AlertTestbed before = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        before.push("rac1001", hostWithSymbolErrors(0));
        clock.advanceSeconds(1);
        before.push("rac1001", hostWithSymbolErrors(17));
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
        assertThat(after.events).singleElement().satisfies(e -> assertThat(e.kind()).isEqualTo(AlertEventKind.RESOLVED));
        assertThat(after.openRows()).isEmpty();
    }

    @Test
    void aResolutionMadeThroughAnotherReplicaIsTakenOverOnReconcile() {
        AlertTestbed one = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        one.push("rac1001", hostWithSymbolErrors(0));
        clock.advanceSeconds(1);
        one.push("rac1001", hostWithSymbolErrors(17));
        AlertRow open = one.openRows().getFirst();

        one.alerts.acknowledge(open.id(), clock.instant(), "bob", "INC-9").block();
        one.reconciler.reconcile();
        assertThat(one.engine.lifecycle().byId(open.id()).ticket).isEqualTo("INC-9");

        one.alerts.resolve(open.id(), clock.instant(), "bob").block();
        one.reconciler.reconcile();
        assertThat(one.engine.openKeys()).isEmpty();
    }
}
