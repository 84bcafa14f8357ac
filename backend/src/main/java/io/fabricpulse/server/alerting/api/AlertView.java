package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertScope;
import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.alerting.store.AlertRow;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;

/**
 * An alert as the API shows it. Field names are stable (ticket systems read them).
 *
 * @param id             the alert's id; its page is {@code /alerts/{id}}
 * @param state          FIRING, ACKNOWLEDGED or RESOLVED
 * @param silenced       whether an active silence covers it now (its events are not announced)
 * @param context        summary, counter, value vs threshold, both ends, suggested checks
 */
public record AlertView(long id, String rule, Severity severity, AlertScope scope, String subject, String state,
                        String summary, String cluster, String nodeGuid, String peerGuid, Instant firedAt,
                        Instant acknowledgedAt, String acknowledgedBy, String ticket, Instant resolvedAt,
                        String resolvedBy, boolean flapping, boolean silenced, AlertContext context) {

    static AlertView of(AlertRow row, JsonMapper json, boolean silenced) {
        String state = row.resolvedAt() != null ? "RESOLVED" : row.ackedAt() != null ? "ACKNOWLEDGED" : "FIRING";
        return new AlertView(row.id(), row.rule(), Severity.valueOf(row.severity()), AlertScope.valueOf(row.scope()),
                row.alertKey().substring(row.alertKey().indexOf('|') + 1), state, row.summary(), row.cluster(),
                row.nodeGuid(), row.peerGuid(), row.firedAt(), row.ackedAt(), row.ackedBy(), row.ticket(),
                row.resolvedAt(), row.resolvedBy(), row.flapping(), silenced,
                json.readValue(row.context(), AlertContext.class));
    }
}
