package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.alerting.RuleCatalog;
import io.fabricpulse.server.alerting.Silences;
import io.fabricpulse.server.alerting.store.SilenceRepository;
import io.fabricpulse.server.alerting.store.SilenceRow;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.problem.ReadQuery;
import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

import java.security.Principal;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * {@code /api/v1/alerts/silences}: silences and maintenance windows by node, link, cluster or rule; {@code POST
 * /{id}/expire} ends one now (the alert pages' "Expire").
 */
@RestController
@RequestMapping("/api/v1/alerts/silences")
class SilenceController {

    private final SilenceRepository repository;
    private final Silences silences;
    private final RuleCatalog catalog;
    private final AuditLogRepository audit;
    private final Clock clock;

    SilenceController(SilenceRepository repository, Silences silences, RuleCatalog catalog, AuditLogRepository audit,
                      Clock clock) {
        this.repository = repository;
        this.silences = silences;
        this.catalog = catalog;
        this.audit = audit;
        this.clock = clock;
    }

    /** Query: {@code limit} (default 100). Newest start first, expired ones included. */
    @GetMapping
    Mono<List<SilenceView>> list(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("limit"));
        Integer limit = query.limit();
        query.throwIfInvalid();
        Instant now = clock.instant();
        return repository.all(limit == null ? 100 : limit).map(row -> SilenceView.of(row, now)).collectList();
    }

    @GetMapping("/{id}")
    Mono<SilenceView> one(@PathVariable long id) {
        return found(repository.find(id), id).map(row -> SilenceView.of(row, clock.instant()));
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Mono<SilenceView> create(@RequestBody SilenceRequest body, Principal principal) {
        Instant now = clock.instant();
        SilenceRow row = body.toRow(0, now, principal.getName(), now, catalog, new RequestText());
        return repository.create(row)
                .flatMap(stored -> changed(now, principal, "silence.create", stored));
    }

    @PutMapping("/{id}")
    Mono<SilenceView> update(@PathVariable long id, @RequestBody SilenceRequest body, Principal principal) {
        Instant now = clock.instant();
        return found(repository.find(id), id)
                .map(old -> body.toRow(id, now, old.createdBy(), old.createdAt(), catalog, new RequestText()))
                .flatMap(repository::update)
                .flatMap(stored -> changed(now, principal, "silence.update", stored));
    }

    /**
     * Ends a silence now and keeps it, so the list and the audit log still say who silenced what and for how
     * long (deleting forgets it). A pending one ends before it began. Already expired: a 409 conflict.
     */
    @PostMapping("/{id}/expire")
    Mono<SilenceView> expire(@PathVariable long id, Principal principal) {
        Instant now = clock.instant();
        return found(repository.find(id), id)
                .flatMap(old -> "EXPIRED".equals(old.stateAt(now))
                        ? Mono.error(new ProblemException(ProblemType.CONFLICT, "silence " + id + " already ended at "
                                + old.endsAt()))
                        : repository.update(expiredAt(old, now)))
                .flatMap(stored -> changed(now, principal, "silence.expire", stored));
    }

    private static SilenceRow expiredAt(SilenceRow old, Instant now) {
        // A row must end after it starts: one that has not started yet (or starts this instant) ends as it would begin.
        Instant start = old.startsAt().isBefore(now) ? old.startsAt() : now.minusMillis(1);
        return new SilenceRow(old.id(), old.matchKind(), old.matchValue(), start, now, old.createdAt(), old.createdBy(),
                old.comment());
    }

    @DeleteMapping("/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> delete(@PathVariable long id, Principal principal) {
        Instant now = clock.instant();
        return repository.delete(id)
                .flatMap(deleted -> deleted ? Mono.just(id) : Mono.error(notFound(id)))
                .then(audit.append(AuditEntry.of(now, principal.getName(), "silence.delete", "silence:" + id, null)))
                .then(refresh(now));
    }

    private Mono<SilenceView> changed(Instant now, Principal principal, String action, SilenceRow row) {
        String detail = row.matchKind() + " " + row.matchValue() + " " + row.startsAt() + ".." + row.endsAt() + ": "
                + row.comment();
        return audit.append(AuditEntry.of(now, principal.getName(), action, "silence:" + row.id(), detail))
                .then(refresh(now))
                .thenReturn(SilenceView.of(row, now));
    }

    /** This replica sees the change at once; the others on their next reconcile. */
    private Mono<Void> refresh(Instant now) {
        return repository.notExpired(now).collectList().doOnNext(silences::replace).then();
    }

    private static Mono<SilenceRow> found(Mono<SilenceRow> row, long id) {
        return row.switchIfEmpty(Mono.error(() -> notFound(id)));
    }

    private static ProblemException notFound(long id) {
        return new ProblemException(ProblemType.NOT_FOUND, "no silence " + id);
    }
}
