package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.alerting.store.AlertFilter;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.problem.ReadQuery;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

import java.security.Principal;
import java.util.Set;

/**
 * {@code /api/v1/alerts}: the list (filters state, severity, node, cluster, rule, since; pages by
 * offset and limit), one alert with its context and history, and the actions on it.
 */
@RestController
@RequestMapping("/api/v1/alerts")
class AlertController {

    static final int DEFAULT_PAGE = 50;
    static final int MAX_PAGE = 1000;
    private static final int MAX_TICKET = 200;
    private static final int MAX_TEXT = 4000;

    enum State { OPEN, FIRING, ACKNOWLEDGED, RESOLVED }

    private final AlertRepository alerts;
    private final AlertActions actions;
    private final AlertViews views;

    AlertController(AlertRepository alerts, AlertActions actions, AlertViews views) {
        this.alerts = alerts;
        this.actions = actions;
        this.views = views;
    }

    @GetMapping
    Mono<AlertPage> list(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(),
                Set.of("state", "severity", "node", "cluster", "rule", "since", "offset", "limit"));
        State state = query.oneOf("state", State.class);
        Severity severity = query.oneOf("severity", Severity.class);
        String node = query.guid("node");
        String cluster = query.text("cluster", 100);
        String rule = query.text("rule", 64);
        AlertFilter filter = new AlertFilter(state == null ? null : state.name(),
                severity == null ? null : severity.name(), node, cluster, rule, query.instant("since"));
        Integer offset = query.offset();
        Integer limit = query.limit();
        query.throwIfInvalid();
        int page = limit == null ? DEFAULT_PAGE : Math.min(limit, MAX_PAGE);
        int skip = offset == null ? 0 : offset;
        return alerts.search(filter, skip, page).map(views::view).collectList()
                .zipWith(alerts.count(filter), (items, total) -> new AlertPage(items, total, skip, page));
    }

    @GetMapping("/{id}")
    Mono<AlertDetail> detail(@PathVariable long id) {
        return views.detail(id);
    }

    @PostMapping("/{id}/ack")
    Mono<AlertView> acknowledge(@PathVariable long id, @RequestBody AlertRequests.Acknowledge body,
                                Principal principal) {
        RequestText check = new RequestText();
        String ticket = check.optional("ticket", body.ticket(), MAX_TICKET, false);
        String comment = check.optional("comment", body.comment(), MAX_TEXT, true);
        check.throwIfInvalid();
        return actions.acknowledge(id, principal.getName(), ticket, comment).map(views::view);
    }

    @PostMapping("/{id}/comments")
    Mono<AlertView> comment(@PathVariable long id, @RequestBody AlertRequests.Comment body, Principal principal) {
        RequestText check = new RequestText();
        String text = check.required("text", body.text(), MAX_TEXT, true);
        check.throwIfInvalid();
        return actions.comment(id, principal.getName(), text).map(views::view);
    }

    @PostMapping("/{id}/resolve")
    Mono<AlertView> resolve(@PathVariable long id, @RequestBody(required = false) AlertRequests.Resolve body,
                            Principal principal) {
        RequestText check = new RequestText();
        String reason = check.optional("reason", body == null ? null : body.reason(), MAX_TEXT, true);
        check.throwIfInvalid();
        return actions.resolve(id, principal.getName(), reason).map(views::view);
    }
}
