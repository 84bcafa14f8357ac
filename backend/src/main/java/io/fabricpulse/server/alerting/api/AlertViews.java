package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.alerting.AlertImpact;
import io.fabricpulse.server.alerting.Silences;
import io.fabricpulse.server.alerting.store.AlertFilter;
import io.fabricpulse.server.alerting.store.AlertOrder;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.AlertRow;
import io.fabricpulse.server.alerting.store.SilenceRepository;
import io.fabricpulse.server.alerting.store.SilenceRow;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.PortView;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Stored alerts as people read them, for the API and the alert pages alike: one place decides the state
 * name, whether a silence covers it now, and which live ports belong to its detail. The pages read alerts
 * and silences only through here.
 */
@Component
public class AlertViews {

    /** The detail waits this long for who an alert hurts, then shows it without. */
    private static final Duration IMPACT_TIMEOUT = Duration.ofSeconds(10);

    private final AlertRepository alerts;
    private final SilenceRepository silenceRows;
    private final Silences silences;
    private final FabricView fabric;
    private final JsonMapper json;
    private final Clock clock;
    private final ObjectProvider<AlertImpact> impact;

    AlertViews(AlertRepository alerts, SilenceRepository silenceRows, Silences silences, FabricView fabric,
               JsonMapper json, Clock clock, ObjectProvider<AlertImpact> impact) {
        this.alerts = alerts;
        this.silenceRows = silenceRows;
        this.silences = silences;
        this.fabric = fabric;
        this.json = json;
        this.clock = clock;
        this.impact = impact;
    }

    /** One stored alert as the API shows it. */
    public AlertView view(AlertRow row) {
        boolean silenced = row.open() && silences.matching(row.rule(),
                row.alertKey().substring(row.alertKey().indexOf('|') + 1), row.nodeGuid(), row.peerGuid(),
                row.cluster(), clock.instant()) != null;
        return AlertView.of(row, json, silenced);
    }

    /** How many stored alerts {@code filter} selects. */
    public Mono<Long> count(AlertFilter filter) {
        return alerts.count(filter);
    }

    /**
     * The stored alerts {@code filter} selects in {@code order}, from {@code offset}, at most {@code limit}, as the
     * API shows them.
     */
    public Flux<AlertView> search(AlertFilter filter, AlertOrder order, int offset, int limit) {
        return alerts.search(filter, order, offset, limit).map(this::view);
    }

    /**
     * The silences not expired at {@code now} (active and pending) as stored, so one made on another replica
     * shows too.
     */
    public Flux<SilenceRow> silencesNotExpired(Instant now) {
        return silenceRows.notExpired(now);
    }

    /** The active silence covering {@code alert} now (what its {@code silenced} flag says), or null when resolved. */
    public SilenceRow silencing(AlertView alert) {
        return alert.resolvedAt() != null ? null : silences.matching(alert.rule(), alert.subject(), alert.nodeGuid(),
                alert.peerGuid(), alert.cluster(), clock.instant());
    }

    /**
     * The alert with its ends' live ports, its history and who it hurt while open; a NOT_FOUND problem when there
     * is no such alert.
     */
    public Mono<AlertDetail> detail(long id) {
        return alerts.find(id)
                .switchIfEmpty(Mono.error(() -> AlertActions.notFound(id)))
                .zipWhen(row -> alerts.history(id).map(event -> new AlertDetail.HistoryEntry(event.occurredAt(),
                        event.kind(), event.actor(), event.text())).collectList())
                .flatMap(both -> {
                    AlertView alert = view(both.getT1());
                    return impact(alert).map(hurt -> new AlertDetail(alert, ports(alert), both.getT2(), hurt));
                });
    }

    /** Who the alert hurt while it was open (the jobs feature answers; none without it). */
    private Mono<AlertImpact.Impact> impact(AlertView alert) {
        AlertImpact lookup = impact.getIfAvailable();
        if (lookup == null) {
            return Mono.just(AlertImpact.Impact.NONE);
        }
        Instant to = alert.resolvedAt() != null ? alert.resolvedAt() : clock.instant();
        return lookup.of(alert.scope(), alert.context().ends(), alert.firedAt(), to)
                .timeout(IMPACT_TIMEOUT)
                .onErrorResume(fault -> Mono.just(new AlertImpact.Impact(List.of(), null, true,
                        List.of("who this alert hurts could not be worked out: " + fault))));
    }

    /** Alerts open at some time in {@code [from, to)}, newest first, at most {@code limit}, as the API shows them. */
    public Flux<AlertView> overlapping(Instant from, Instant to, int limit) {
        return alerts.overlapping(from, to, limit).map(this::view);
    }

    /** The alerts firing at {@code at} (a past instant) in {@code order}, at most {@code limit}, as the API shows them. */
    public Flux<AlertView> firingAt(Instant at, AlertOrder order, int limit) {
        return alerts.firingAt(at, order, limit).map(this::view);
    }

    /** The alerts of {@code rule} open at {@code at} (a past instant), at most {@code limit}, as the API shows them. */
    public Flux<AlertView> openAt(Instant at, String rule, int limit) {
        return alerts.openAt(at, rule, limit).map(this::view);
    }

    /** The live views of the ports at the alert's ends, as the fabric knows them now. */
    private List<PortView> ports(AlertView alert) {
        return alert.context().ends().stream()
                .filter(end -> end.portNumber() > 0)
                .flatMap(end -> fabric.port(end.nodeGuid(), end.portNumber()).stream())
                .toList();
    }
}
