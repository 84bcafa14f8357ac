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
import java.util.List;
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
    /** Alerts one request may acknowledge: the alert list's page, which a group never outgrows. */
    static final int MAX_IDS = 100;

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

    /**
     * Acknowledges several alerts in one action, as one {@code /{id}/ack} each would (history, audit, notice): the
     * alert list's "acknowledge the cable" (all firing members of a group). Those already acknowledged or resolved are
     * left as they are; ids of no alert (404), none, too many or not positive (400) refuse the whole request.
     */
    @PostMapping("/ack")
    Mono<GroupAcknowledgement> acknowledgeAll(@RequestBody AlertRequests.AcknowledgeAll body, Principal principal) {
        RequestText check = new RequestText();
        List<Long> ids = ids(check, body.ids());
        String ticket = check.optional("ticket", body.ticket(), MAX_TICKET, false);
        String comment = check.optional("comment", body.comment(), MAX_TEXT, true);
        check.throwIfInvalid();
        return actions.acknowledgeAll(ids, principal.getName(), ticket, comment)
                .map(done -> new GroupAcknowledgement(done.acknowledged().stream().map(views::view).toList(),
                        done.unchanged()));
    }

    /** The ids of a request for several alerts: 1 to {@link #MAX_IDS} positive numbers, each once (repeats dropped). */
    private static List<Long> ids(RequestText check, List<Long> given) {
        if (given == null || given.isEmpty()) {
            check.add("ids", "is required: the ids of the alerts, at least one");
            return List.of();
        }
        if (given.size() > MAX_IDS) {
            check.add("ids", "has " + given.size() + " ids, at most " + MAX_IDS);
            return List.of();
        }
        if (given.stream().anyMatch(id -> id == null || id <= 0)) {
            check.add("ids", "must all be alert ids (positive numbers)");
            return List.of();
        }
        return given.stream().distinct().toList();
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
