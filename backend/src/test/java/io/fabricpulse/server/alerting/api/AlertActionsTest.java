package io.fabricpulse.server.alerting.api;

import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertEngine;
import io.fabricpulse.server.alerting.AlertEvent;
import io.fabricpulse.server.alerting.AlertEventKind;
import io.fabricpulse.server.alerting.AlertEventPublisher;
import io.fabricpulse.server.alerting.AlertWriter;
import io.fabricpulse.server.alerting.AlertsProperties;
import io.fabricpulse.server.alerting.RuleCatalog;
import io.fabricpulse.server.alerting.RuleSettingsResolver;
import io.fabricpulse.server.alerting.Silences;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.AlertRow;
import io.fabricpulse.server.alerting.store.SilenceRow;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import io.fabricpulse.server.state.StateDatabase;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.store.ClusterMemberRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the listeners (the notification outbox) hear of people's actions on alerts, on a real store. */
class AlertActionsTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final String HOST = "0x0002c9030031aa01";

    private final StateDatabase db = StateDatabase.h2();
    private final MutableClock clock = new MutableClock(T0);
    private final JsonMapper json = JsonMapper.builder().build();
    private final AlertRepository alerts = new AlertRepository(db.client());
    private final List<AlertEvent> heard = new CopyOnWriteArrayList<>();
    private final Silences silences = new Silences();
    private final AlertActions actions;

    AlertActionsTest() {
        AlertEventPublisher publisher = new AlertEventPublisher(List.of(heard::add), silences);
        RuleCatalog catalog = RuleCatalog.standard();
        AlertsProperties properties = AlertsProperties.defaults();
        AlertEngine engine = new AlertEngine(catalog, new RuleSettingsResolver(catalog, properties),
                new ClusterDirectory(new ClusterMemberRepository(db.client(), db.transaction())), new AlertWriter(alerts, publisher, json, 10), properties, clock);
        actions = new AlertActions(alerts, new AuditLogRepository(db.client()), publisher, engine, json, clock);
    }

    @AfterEach
    void close() {
        db.close();
    }

    private long open() {
        AlertContext context = new AlertContext("PortRcvErrors +12 in 5m, limit 10", "PortRcvErrors", 12, 10, "in 5m",
                List.of(new AlertEnd(HOST, "rac1001 HCA-1", NodeType.CA, 1, 4, true)), List.of("Reseat"), false);
        return alerts.open(new AlertRow(0, "rcv-errors|port:" + HOST + "/1", "rcv-errors", "WARNING", "PORT", HOST,
                null, "pod-a", context.summary(), json.writeValueAsString(context), T0, null, null, null, null, null,
                false)).block().id();
    }

    @Test
    void acknowledgeCommentAndResolveAreEachAnnouncedWithWhoAndTheTicket() {
        long id = open();
        clock.advanceSeconds(60);

        actions.acknowledge(id, "anna", "INC-4711", null).block();
        actions.comment(id, "bob", "reseated the cable").block();
        actions.resolve(id, "anna", "cable replaced").block();

        assertThat(heard).extracting(AlertEvent::kind).containsExactly(AlertEventKind.ACKNOWLEDGED,
                AlertEventKind.COMMENTED, AlertEventKind.RESOLVED);
        AlertEvent ack = heard.getFirst();
        assertThat(ack.actor()).isEqualTo("anna");
        assertThat(ack.ticket()).isEqualTo("INC-4711");
        assertThat(ack.acknowledgedBy()).isEqualTo("anna");
        assertThat(ack.at()).isEqualTo(T0.plusSeconds(60));
        assertThat(ack.firedAt()).isEqualTo(T0);
        assertThat(ack.cluster()).isEqualTo("pod-a");
        assertThat(ack.ends()).extracting(AlertEnd::nodeName).containsExactly("rac1001 HCA-1");
        assertThat(heard.get(1).text()).isEqualTo("reseated the cable");
        assertThat(heard.get(2).text()).isEqualTo("cable replaced");
        assertThat(heard.get(2).ticket()).isEqualTo("INC-4711");
    }

    @Test
    void aSilencedAlertsActionsAreRecordedButNotAnnounced() {
        long id = open();
        silences.replace(List.of(new SilenceRow(1, "CLUSTER", "pod-a", T0, T0.plusSeconds(3600), T0, "noc", "work")));

        actions.acknowledge(id, "anna", null, "looking").block();

        assertThat(heard).isEmpty();
        assertThat(alerts.history(id).collectList().block()).extracting(row -> row.kind())
                .containsExactly("ACKNOWLEDGED", "COMMENTED");
    }

    @Test
    void actionsOnAMissingOrResolvedAlertAreProblemsAndAnnounceNothing() {
        long id = open();
        actions.resolve(id, "anna", null).block();
        heard.clear();

        assertThatThrownBy(() -> actions.acknowledge(id, "bob", "INC-1", null).block())
                .isInstanceOfSatisfying(ProblemException.class, p -> assertThat(p.type()).isEqualTo(ProblemType.CONFLICT));
        assertThatThrownBy(() -> actions.resolve(id, "bob", null).block())
                .isInstanceOfSatisfying(ProblemException.class, p -> assertThat(p.type()).isEqualTo(ProblemType.CONFLICT));
        assertThatThrownBy(() -> actions.comment(id + 1000, "bob", "x").block())
                .isInstanceOfSatisfying(ProblemException.class, p -> assertThat(p.type()).isEqualTo(ProblemType.NOT_FOUND));
        assertThat(heard).isEmpty();
    }
}
