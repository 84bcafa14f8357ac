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
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

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
                .flatMap(row -> acknowledged(id, now, by, ticket, comment))
                .switchIfEmpty(Mono.error(() -> conflict(id, "acknowledge")));
    }

    /**
     * Acknowledges every firing alert of {@code ids} (one cable's group, say) as {@link #acknowledge} does one: each
     * stored, in its history, audited, told and announced. Alerts already acknowledged or resolved are left as they
     * are; an id of no alert refuses the whole request before anything changes.
     */
    Mono<Acknowledged> acknowledgeAll(List<Long> ids, String by, String ticket, String comment) {
        Instant now = clock.instant();
        return Flux.fromIterable(ids).concatMap(id -> alerts.find(id).map(List::of).defaultIfEmpty(List.of())
                        .map(found -> Map.entry(id, found)))
                .collectList()
                .flatMap(found -> {
                    List<Long> unknown = found.stream().filter(e -> e.getValue().isEmpty()).map(Map.Entry::getKey).toList();
                    if (!unknown.isEmpty()) {
                        return Mono.error(new ProblemException(ProblemType.NOT_FOUND, "no alert "
                                + unknown.stream().map(String::valueOf).collect(Collectors.joining(", "))));
                    }
                    List<AlertRow> rows = found.stream().map(e -> e.getValue().getFirst()).toList();
                    List<Long> unchanged = new ArrayList<>(rows.stream().filter(row -> !firing(row)).map(AlertRow::id).toList());
                    return Flux.fromIterable(rows).filter(AlertActions::firing)
                            .concatMap(row -> acknowledged(row.id(), now, by, ticket, comment)
                                    // resolved since it was read: left as it is, like those resolved before
                                    .switchIfEmpty(Mono.fromRunnable(() -> unchanged.add(row.id()))))
                            .collectList()
                            .map(done -> new Acknowledged(done, unchanged));
                });
    }

    /** What {@link #acknowledgeAll} did: the alerts it acknowledged (as stored now) and the ids it left as they were. */
    record Acknowledged(List<AlertRow> acknowledged, List<Long> unchanged) {
    }

    private static boolean firing(AlertRow row) {
        return row.open() && row.ackedAt() == null;
    }

    /** Acknowledges one open alert and tells everyone; empty when it was resolved in the meantime. */
    private Mono<AlertRow> acknowledged(long id, Instant now, String by, String ticket, String comment) {
        return alerts.acknowledge(id, now, by, ticket)
                .filter(done -> done)
                .flatMap(done -> record(id, now, AlertEventKind.ACKNOWLEDGED, by, ticket == null ? null : "ticket " + ticket)
                        .then(comment == null ? Mono.empty() : record(id, now, AlertEventKind.COMMENTED, by, comment))
                        .then(audit(now, by, "alert.ack", id, ticket))
                        .then(alerts.find(id)))
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
