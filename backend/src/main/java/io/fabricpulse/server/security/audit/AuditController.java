package io.fabricpulse.server.security.audit;

import io.fabricpulse.server.problem.ReadQuery;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * {@code GET /api/v1/audit}: the audit log, newest first, for admins. Filters: {@code actor},
 * {@code action} (exact, or a prefix ending in {@code .} such as {@code alert.}), {@code target},
 * {@code since} and {@code until} (ISO-8601 instants); paging: {@code limit} (1 to 1000, default
 * 100) and {@code before}, the {@code nextBefore} of the previous page.
 */
@RestController
class AuditController {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;
    private static final Set<String> PARAMETERS = Set.of("actor", "action", "target", "since", "until", "before", "limit");

    private final AuditTrail audit;

    AuditController(AuditTrail audit) {
        this.audit = audit;
    }

    /**
     * One page of the log.
     *
     * @param entries    newest first
     * @param nextBefore pass as {@code before} for the next (older) page; null on the last page
     */
    record AuditPage(List<AuditEntry> entries, Long nextBefore) {
    }

    @GetMapping("/api/v1/audit")
    Mono<AuditPage> page(ServerHttpRequest request) {
        return Mono.defer(() -> {
            AuditQuery query = query(request);
            // One more than asked tells whether an older page exists without a second query.
            return audit.find(new AuditQuery(query.actor(), query.action(), query.target(), query.since(),
                            query.until(), query.beforeId(), query.limit() + 1))
                    .collectList()
                    .map(found -> found.size() > query.limit()
                            ? new AuditPage(found.subList(0, query.limit()), found.get(query.limit() - 1).id())
                            : new AuditPage(found, null));
        });
    }

    private static AuditQuery query(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), PARAMETERS);
        Instant since = query.instant("since");
        Instant until = query.instant("until");
        Long before = query.id("before");
        Integer limit = query.limit(MAX_LIMIT);
        query.throwIfInvalid();
        return new AuditQuery(query.text("actor"), query.text("action"), query.text("target"), since, until, before,
                limit == null ? DEFAULT_LIMIT : limit);
    }
}
