package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.AlertEngine;
import io.fabricpulse.server.alerting.AlertEvent;
import io.fabricpulse.server.alerting.AlertEventKind;
import io.fabricpulse.server.alerting.AlertEventPublisher;
import io.fabricpulse.server.alerting.AlertScope;
import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.alerting.store.AlertEventRow;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.AlertRow;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import java.time.Clock;
import java.time.Instant;

/**
 * What people do to alerts: acknowledge (with a ticket reference), comment, resolve. Each is stored
 * (so every replica sees it), written to the alert's history and the audit log, told to this
 * replica's engine and announced to the event listeners.
 */
@Service
class AlertActions {

    private final AlertRepository alerts;
    private final AuditLogRepository audit;
    private final AlertEventPublisher publisher;
    private final AlertEngine engine;
    private final JsonMapper json;
    private final Clock clock;

    AlertActions(AlertRepository alerts, AuditLogRepository audit, AlertEventPublisher publisher, AlertEngine engine,
                 JsonMapper json, Clock clock) {
        this.alerts = alerts;
        this.audit = audit;
        this.publisher = publisher;
        this.engine = engine;
        this.json = json;
        this.clock = clock;
    }

    Mono<AlertRow> acknowledge(long id, String by, String ticket, String comment) {
        Instant now = clock.instant();
        return openAlert(id, "acknowledge")
                .flatMap(row -> alerts.acknowledge(id, now, by, ticket))
                .then(record(id, now, AlertEventKind.ACKNOWLEDGED, by, ticket == null ? null : "ticket " + ticket))
                .then(comment == null ? Mono.empty() : record(id, now, AlertEventKind.COMMENTED, by, comment))
                .then(audit(now, by, "alert.ack", id, ticket))
                .then(alerts.find(id))
                .doOnNext(row -> {
                    engine.acknowledged(id, by, ticket);
                    publisher.publish(event(row, AlertEventKind.ACKNOWLEDGED, now, by, comment));
                });
    }

    Mono<AlertRow> comment(long id, String by, String text) {
        Instant now = clock.instant();
        return alerts.find(id)
                .switchIfEmpty(Mono.error(() -> notFound(id)))
                .flatMap(row -> record(id, now, AlertEventKind.COMMENTED, by, text)
                        .then(audit(now, by, "alert.comment", id, text))
                        .thenReturn(row))
                .doOnNext(row -> publisher.publish(event(row, AlertEventKind.COMMENTED, now, by, text)));
    }

    Mono<AlertRow> resolve(long id, String by, String reason) {
        Instant now = clock.instant();
        return openAlert(id, "resolve")
                .flatMap(row -> alerts.resolve(id, now, by))
                .flatMap(done -> done ? Mono.just(true) : Mono.error(() -> conflict(id, "resolve")))
                .then(record(id, now, AlertEventKind.RESOLVED, by, reason))
                .then(audit(now, by, "alert.resolve", id, reason))
                .then(alerts.find(id))
                .doOnNext(row -> {
                    engine.resolvedElsewhere(id);
                    publisher.publish(event(row, AlertEventKind.RESOLVED, now, by, reason));
                });
    }

    private Mono<AlertRow> openAlert(long id, String action) {
        return alerts.find(id)
                .switchIfEmpty(Mono.error(() -> notFound(id)))
                .flatMap(row -> row.open() ? Mono.just(row) : Mono.error(conflict(id, action)));
    }

    private Mono<AlertEventRow> record(long id, Instant at, AlertEventKind kind, String actor, String text) {
        return alerts.appendEvent(new AlertEventRow(0, id, at, kind.name(), actor, text));
    }

    private Mono<AuditEntry> audit(Instant at, String actor, String action, long id, String detail) {
        return audit.append(AuditEntry.of(at, actor, action, "alert:" + id, detail));
    }

    private AlertEvent event(AlertRow row, AlertEventKind kind, Instant at, String actor, String text) {
        return new AlertEvent(kind, row.id(), row.rule(), Severity.valueOf(row.severity()),
                AlertScope.valueOf(row.scope()), row.alertKey().substring(row.alertKey().indexOf('|') + 1),
                row.cluster(), json.readValue(row.context(), AlertContext.class), row.firedAt(), at, actor,
                row.ticket(), row.ackedBy(), text);
    }

    static ProblemException notFound(long id) {
        return new ProblemException(ProblemType.NOT_FOUND, "no alert " + id);
    }

    private static ProblemException conflict(long id, String action) {
        return new ProblemException(ProblemType.CONFLICT, "alert " + id + " is resolved; cannot " + action + " it");
    }
}
