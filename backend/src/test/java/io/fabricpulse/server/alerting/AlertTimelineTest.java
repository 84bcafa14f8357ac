package io.fabricpulse.server.alerting;

import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.store.AlertRow;
import io.fabricpulse.server.alerting.store.SilenceRow;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.fabricpulse.server.alerting.AlertTestbed.HOST;
import static io.fabricpulse.server.alerting.AlertTestbed.SWITCH;
import static io.fabricpulse.server.alerting.AlertTestbed.T0;
import static io.fabricpulse.server.alerting.AlertTestbed.host;
import static io.fabricpulse.server.alerting.AlertTestbed.hostWithSymbolErrors;
import static io.fabricpulse.server.alerting.AlertTestbed.port;
import static io.fabricpulse.server.alerting.AlertTestbed.switchWithSymbolErrors;
import static org.assertj.core.api.Assertions.assertThat;

/** The engine's lifecycle as timelines on a virtual clock, against a real (H2) state store. */
class AlertTimelineTest extends OnFreshStateStore {

    private static final String LINK = "link:" + SWITCH + "/7-" + HOST + "/1";


    @Test
    void aSymbolErrorJumpFiresAtOnceAndResolvesAfterTheWindowsAndHysteresis() {
        AlertTestbed bed = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        bed.fireSymbolErrorAlert();

        assertThat(bed.events).hasSize(1);
        AlertEvent fired = bed.events.getFirst();
        assertThat(fired.kind()).isEqualTo(AlertEventKind.FIRED);
        assertThat(fired.at()).isEqualTo(T0.plusSeconds(1));
        assertThat(fired.rule()).isEqualTo("symbol-error-ber");
        assertThat(fired.subject()).isEqualTo(LINK);
        assertThat(fired.context().value()).isEqualTo(17);
        assertThat(fired.context().threshold()).isCloseTo(0.06, org.assertj.core.data.Offset.offset(1e-9)); // 100 Gb/s x 60 s x 1e-14
        assertThat(fired.context().summary()).contains("SymbolErrorCounter +17 in 1m").contains("4X EDR");
        assertThat(fired.ends()).extracting(AlertEnd::nodeGuid).containsExactly(HOST, SWITCH);
        assertThat(fired.ends().getFirst().nodeName()).isEqualTo("rac1001 HCA-1");
        assertThat(fired.ends().getFirst().lid()).isEqualTo(4);
        assertThat(fired.ends().get(1).portNumber()).isEqualTo(7);
        assertThat(fired.context().suggestedChecks()).anyMatch(c -> c.contains("mlxlink"))
                .anyMatch(c -> c.contains("Reseat")).anyMatch(c -> c.contains("clear the port's counters"));
        assertThat(fired.alertPath()).isEqualTo("/alerts/" + fired.alertId());
        assertThat(bed.openRows()).extracting(AlertRow::id).containsExactly(fired.alertId());

        bed.engine.acknowledged(fired.alertId(), "noc-anna", "INC-4711");
        // The counter stops rising; the long window (2 min) still holds the 17 errors for a while.
        for (int second = 2; second < 150; second++) {
            bed.advanceSeconds(1);
            bed.push("rac1001", hostWithSymbolErrors(17));
            assertThat(bed.events(AlertEventKind.RESOLVED)).as("second %d", second).isEmpty();
        }
        for (int second = 150; second <= 160; second++) {
            bed.advanceSeconds(1);
            bed.push("rac1001", hostWithSymbolErrors(17));
        }
        List<AlertEvent> resolved = bed.events(AlertEventKind.RESOLVED);
        assertThat(resolved).hasSize(1);
        // The error at 1 s leaves the 2-minute window at 121 s: last seen true at 120 s, plus 30 s of hysteresis.
        assertThat(resolved.getFirst().at()).isEqualTo(T0.plusSeconds(150));
        assertThat(resolved.getFirst().ticket()).isEqualTo("INC-4711");
        assertThat(resolved.getFirst().acknowledgedBy()).isEqualTo("noc-anna");
        assertThat(bed.openRows()).isEmpty();
        assertThat(bed.alerts.history(fired.alertId()).collectList().block())
                .extracting(row -> row.kind()).containsExactly("FIRED", "RESOLVED");
    }

    @Test
    void bothEndsOfABadLinkMakeOneAlertNamingBoth() {
        AlertTestbed bed = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        bed.push("rac1001", hostWithSymbolErrors(0));
        bed.push("sm-host", switchWithSymbolErrors(0));
        bed.advanceSeconds(1);
        bed.push("rac1001", hostWithSymbolErrors(40));
        bed.push("sm-host", switchWithSymbolErrors(35));

        assertThat(bed.events).hasSize(1);
        assertThat(bed.openRows()).singleElement().satisfies(row -> {
            assertThat(row.scope()).isEqualTo("LINK");
            assertThat(row.alertKey()).isEqualTo("symbol-error-ber|" + LINK);
            assertThat(row.nodeGuid()).isEqualTo(SWITCH);
            assertThat(row.peerGuid()).isEqualTo(HOST);
        });
        // The host's end clean again does not resolve it while the switch's end still sees errors.
        for (int second = 2; second <= 200; second++) {
            bed.advanceSeconds(1);
            bed.push("rac1001", hostWithSymbolErrors(40));
            bed.push("sm-host", switchWithSymbolErrors(35 + second));
        }
        assertThat(bed.events(AlertEventKind.RESOLVED)).isEmpty();
    }

    @Test
    void anAlertOpenedBeforeTheFarEndWasKnownMovesToTheLinkInsteadOfStayingOpenForever() {
        AlertTestbed bed = new AlertTestbed(db, clock, AlertsProperties.defaults());
        bed.push("rac1001", host(HOST, port(1, 4, PortState.INIT, Map.of(), null, 0)));
        assertThat(bed.engine.openKeys()).containsExactly("port-not-active|port:" + HOST + "/1");

        bed.advanceSeconds(1);
        bed.push("rac1001", host(HOST, port(1, 4, PortState.INIT, Map.of(), SWITCH, 7)));
        assertThat(bed.engine.openKeys()).containsExactlyInAnyOrder("port-not-active|port:" + HOST + "/1",
                "port-not-active|" + LINK);
        bed.advanceSeconds(61);
        bed.push("rac1001", host(HOST, port(1, 4, PortState.INIT, Map.of(), SWITCH, 7)));
        assertThat(bed.engine.openKeys()).containsExactly("port-not-active|" + LINK);
    }

    @Test
    void aFlappingPortGivesOneLongAlertInsteadOfAStream() {
        AlertsProperties properties = new AlertsProperties(Map.of("port-not-active", new RuleSettings(null, null,
                null, null, null, null, Duration.ofSeconds(10), null)), Map.of(), Duration.ofMinutes(10), 2,
                Duration.ofSeconds(1), Duration.ofSeconds(15), 1000);
        AlertTestbed bed = new AlertTestbed(db, clock, properties);
        for (int flap = 0; flap < 3; flap++) {
            bed.advanceSeconds(1);
            bed.push("rac1001", host(HOST, port(1, 4, PortState.INIT, Map.of(), null, 0)));
            for (int second = 0; second < 12; second++) {
                bed.advanceSeconds(1);
                bed.push("rac1001", host(HOST, port(1, 4, PortState.ACTIVE, Map.of(), null, 0)));
            }
        }
        // Two fired/resolved pairs, then the third firing is flapping and stays open though clean for 12 s.
        assertThat(bed.events(AlertEventKind.FIRED)).hasSize(3);
        assertThat(bed.events(AlertEventKind.RESOLVED)).hasSize(2);
        assertThat(bed.events(AlertEventKind.FIRED).get(2).context().flapping()).isTrue();
        assertThat(bed.openRows()).singleElement().satisfies(row -> assertThat(row.flapping()).isTrue());

        for (int second = 0; second < 600; second += 5) {
            bed.advanceSeconds(5);
            bed.push("rac1001", host(HOST, port(1, 4, PortState.ACTIVE, Map.of(), null, 0)));
        }
        assertThat(bed.events(AlertEventKind.RESOLVED)).hasSize(3);
        assertThat(bed.openRows()).isEmpty();
    }

    @Test
    void aSilencedAlertIsKeptButNotAnnounced() {
        AlertTestbed bed = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        bed.silences.replace(List.of(new SilenceRow(1, "NODE", HOST, T0, T0.plusSeconds(3600), T0, "noc",
                "cable swap CHG-12")));
        bed.fireSymbolErrorAlert();

        assertThat(bed.events).isEmpty();
        assertThat(bed.openRows()).hasSize(1);
    }

    @Test
    void aSilenceThatHasNotStartedSilencesNothing() {
        AlertTestbed bed = new AlertTestbed(db, clock, AlertTestbed.shortWindows());
        bed.silences.replace(List.of(new SilenceRow(1, "RULE", "symbol-error-ber", T0.plusSeconds(60),
                T0.plusSeconds(3600), T0, "noc", "maintenance tonight")));
        bed.fireSymbolErrorAlert();

        assertThat(bed.events(AlertEventKind.FIRED)).hasSize(1);
    }

    @Test
    void aSilentAgentFiresAfterThreeOfItsIntervalsAndResolvesWhenItIsBack() {
        AlertTestbed bed = new AlertTestbed(db, clock, AlertsProperties.defaults());
        for (int i = 0; i < 5; i++) {
            bed.push("rac1001", hostWithSymbolErrors(0));
            bed.advanceSeconds(4);
        }
        // Every 4 s: silent means more than max(3 x 4 s, 10 s) = 12 s without a batch.
        bed.advanceSeconds(7);
        assertThat(bed.events).isEmpty();
        bed.advanceSeconds(2);
        assertThat(bed.events).singleElement().satisfies(event -> {
            assertThat(event.rule()).isEqualTo(RuleCatalog.AGENT_SILENT);
            assertThat(event.subject()).isEqualTo("agent:rac1001");
            assertThat(event.at()).isEqualTo(T0.plusSeconds(29));
            assertThat(event.ends()).extracting(AlertEnd::nodeGuid).containsExactly(HOST);
        });
        bed.push("rac1001", hostWithSymbolErrors(0));
        assertThat(bed.events(AlertEventKind.RESOLVED)).hasSize(1);
    }

    @Test
    void topologyConditionsRaisedByAnotherFeatureFireAndClear() {
        AlertTestbed bed = new AlertTestbed(db, clock, AlertsProperties.defaults());
        ExternalCondition twoMasters = new ExternalCondition(RuleCatalog.SM_MASTER, AlertSubject.fabric("sm"),
                new Finding("SMInfo", 2, 1, "masters", "two subnet managers claim master: lid 1 and lid 9"), List.of());

        bed.engine.raise(twoMasters);
        bed.settle();
        bed.engine.raise(twoMasters);
        bed.settle();
        assertThat(bed.events).singleElement().satisfies(event -> {
            assertThat(event.severity()).isEqualTo(Severity.CRITICAL);
            assertThat(event.context().suggestedChecks()).anyMatch(c -> c.contains("sminfo"));
        });

        bed.advanceSeconds(1);
        bed.engine.clear(twoMasters);
        bed.settle();
        assertThat(bed.events(AlertEventKind.RESOLVED)).hasSize(1);
    }
}
