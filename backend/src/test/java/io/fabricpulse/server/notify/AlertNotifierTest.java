package io.fabricpulse.server.notify;

import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertEvent;
import io.fabricpulse.server.alerting.AlertEventKind;
import io.fabricpulse.server.alerting.AlertScope;
import io.fabricpulse.server.alerting.Severity;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** An alert transition becomes the notice the channels render, field by field. */
class AlertNotifierTest {

    private static final Instant FIRED = Instant.parse("2026-11-21T03:00:00Z");
    private static final Instant ACKED = Instant.parse("2026-11-21T03:05:00Z");
    private static final List<AlertEnd> ENDS = List.of(
            new AlertEnd("0x0002c90300a1b2c3", "rac1001 HCA-1", NodeType.CA, 1, 17, true),
            new AlertEnd("0x0002c90300ffee01", "leaf03", NodeType.SWITCH, 19, 0, false));

    private static AlertEvent event(AlertEventKind kind, String unit, double value) {
        AlertContext context = new AlertContext("PortXmitDiscards 20/s, limit 0.67/s", "PortXmitDiscards", value,
                0.67, unit, ENDS, List.of("Reseat or replace the cable", "Clear the counters after the fix"), false);
        return new AlertEvent(kind, 42, "xmit-discards", Severity.WARNING, AlertScope.LINK,
                "link:0x0002c90300a1b2c3/1-0x0002c90300ffee01/19", "etna", context, FIRED,
                kind == AlertEventKind.FIRED ? FIRED : ACKED, "noc", kind == AlertEventKind.ACKNOWLEDGED ? "INC-42" : null,
                kind == AlertEventKind.ACKNOWLEDGED ? "noc" : null, null);
    }

    @Test
    void aFiredRateAlertCarriesRateThresholdBothEndsAndTheChecks() {
        AlertNotice notice = AlertNotifier.notice(event(AlertEventKind.FIRED, "/s", 20));

        assertThat(notice.kind()).isEqualTo(AlertNotice.Kind.FIRING);
        assertThat(notice.alertId()).isEqualTo("42");
        assertThat(notice.severity()).isEqualTo(AlertNotice.Severity.WARNING);
        assertThat(notice.rate()).isEqualTo(20.0);
        assertThat(notice.threshold()).isEqualTo(0.67);
        assertThat(notice.cluster()).isEqualTo("etna");
        assertThat(notice.since()).isEqualTo(FIRED);
        assertThat(notice.ends()).containsExactly(
                new AlertNotice.End("rac1001 HCA-1", "0x0002c90300a1b2c3", 1, 17, AlertNotice.NodeType.CA),
                new AlertNotice.End("leaf03", "0x0002c90300ffee01", 19, null, AlertNotice.NodeType.SWITCH));
        assertThat(notice.suggestedChecks()).containsExactly("Reseat or replace the cable",
                "Clear the counters after the fix");
        assertThat(NoticeText.switchPort(notice)).isEqualTo("leaf03 port 19");
    }

    @Test
    void aCountInAWindowIsNotPassedOffAsARate() {
        AlertNotice notice = AlertNotifier.notice(event(AlertEventKind.FIRED, "errors in 12m", 17));

        assertThat(notice.rate()).isNull();
        assertThat(notice.threshold()).isNull();
        assertThat(notice.summary()).contains("20/s");
    }

    @Test
    void anAcknowledgementSaysWhoAndWhichTicket() {
        AlertNotice notice = AlertNotifier.notice(event(AlertEventKind.ACKNOWLEDGED, "/s", Double.NaN));

        assertThat(notice.kind()).isEqualTo(AlertNotice.Kind.ACKNOWLEDGED);
        assertThat(notice.at()).isEqualTo(ACKED);
        assertThat(notice.ackBy()).isEqualTo("noc");
        assertThat(notice.ticket()).isEqualTo("INC-42");
        assertThat(notice.rate()).as("no number rather than NaN").isNull();
    }

    @Test
    void anEndOfUnknownTypeIsStillNamed() {
        AlertEnd unknown = new AlertEnd("0x0002c90300ffee01", "0x0002c90300ffee01", null, 3, 0, false);
        AlertNotice.End end = AlertNotifier.notice(new AlertEvent(AlertEventKind.FIRED, 7, "port-not-active",
                Severity.CRITICAL, AlertScope.PORT, "port:0x0002c90300ffee01/3", null,
                new AlertContext("Port Down", "PortState", 0, 0, "", List.of(unknown), List.of(), false),
                FIRED, FIRED, "system", null, null, null)).ends().getFirst();

        assertThat(NoticeText.end(end)).isEqualTo("0x0002c90300ffee01 (0x0002c90300ffee01) port 3");
    }
}
