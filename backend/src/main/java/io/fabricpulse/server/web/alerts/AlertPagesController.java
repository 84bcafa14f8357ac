package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.web.AlertLine;
import io.fabricpulse.server.web.AlertListQuery;
import io.fabricpulse.server.alerting.AlertContext;
import io.fabricpulse.server.alerting.api.AlertDetail;
import io.fabricpulse.server.alerting.api.AlertViews;
import io.fabricpulse.server.alerting.store.AlertOrder;
import io.fabricpulse.server.commands.PortCommands;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.security.Permission;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.PageParameters;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code GET /alerts} (the alerts of one cable folded into one row, {@link AlertGroups}; the silences not yet
 * ended) and {@code GET /alerts/{id}}; both stay live through
 * {@code /events/live} ({@link LiveAlerts}). The pages only read; their forms post to the alert
 * API, which checks the ACK permission and the input once for people and programs alike.
 */
@Controller
class AlertPagesController {

    static final String LIST_VIEW = "alerts/alerts";
    static final String DETAIL_VIEW = "alerts/alert";
    /** Alerts on one page of the list: a wall screen shows the first; the rest are a page away. */
    static final int PAGE_SIZE = 100;

    private final AlertViews views;
    private final FabricView fabric;
    private final DisplayFormat format;
    private final SilenceLines silences;
    private final PortCommands commands;
    private final AlertGroups groups;
    private final Clock clock;

    /** A port disabled on purpose as the list shows it: {@code node[port]} and "disabled by … at …: …". */
    record DisabledPort(String guid, int portNumber, String port, String text) {
    }

    AlertPagesController(AlertViews views, FabricView fabric, DisplayFormat format,
                         SilenceLines silences, PortCommands commands, AlertGroups groups, Clock clock) {
        this.commands = commands;
        this.groups = groups;
        this.views = views;
        this.fabric = fabric;
        this.format = format;
        this.silences = silences;
        this.clock = clock;
    }

    @GetMapping("/alerts")
    Mono<String> list(@RequestParam(name = "state", required = false) String state,
                      @RequestParam(name = "severity", required = false) String severity,
                      @RequestParam(name = "rule", required = false) String rule,
                      @RequestParam(name = "node", required = false) String node,
                      @RequestParam(name = "port", required = false) String port,
                      @RequestParam(name = "page", required = false) String page, Model model) {
        AlertListQuery query = AlertListQuery.parse(state, severity, rule, node, port);
        return Flux.fromIterable(AlertListQuery.STATES)
                .concatMap(tab -> views.count(query.filter(tab)))
                .collectList()
                .flatMap(counts -> {
                    Map<String, Long> tabs = new LinkedHashMap<>();
                    for (int i = 0; i < counts.size(); i++) {
                        tabs.put(AlertListQuery.STATES.get(i), counts.get(i));
                    }
                    int total = Math.toIntExact(Math.min(Integer.MAX_VALUE, tabs.get(query.state())));
                    int number = PageParameters.page("page", page, total, PAGE_SIZE, query.state() + " alerts");
                    model.addAttribute("query", query);
                    model.addAttribute("tabs", tabs);
                    model.addAttribute("pageNumber", number);
                    model.addAttribute("pages", PageParameters.pageCount(total, PAGE_SIZE));
                    model.addAttribute("zone", format.zoneLabel());
                    return views.search(query.filter(query.state()), AlertOrder.WORST_FIRST, (number - 1) * PAGE_SIZE,
                                    PAGE_SIZE)
                            .collectList()
                            .map(alerts -> groups.of(alerts, format, clock.instant()));
                })
                .zipWith(silences.current())
                .zipWith(mayAck())
                .map(all -> {
                    model.addAttribute("groups", all.getT1().getT1());
                    model.addAttribute("silences", all.getT1().getT2());
                    model.addAttribute("mayAck", all.getT2());
                    model.addAttribute("disabledPorts", disabledPorts());
                    return LIST_VIEW;
                });
    }

    private List<DisabledPort> disabledPorts() {
        Map<String, String> names = fabric.nodes().stream()
                .collect(Collectors.toMap(NodeView::guid, NodeView::name, (a, b) -> a));
        return commands.disabledOnPurpose().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> new DisabledPort(e.getKey().nodeGuid(), e.getKey().portNumber(),
                        names.getOrDefault(e.getKey().nodeGuid(), e.getKey().nodeGuid()) + "[" + e.getKey().portNumber()
                                + "]", "disabled by " + e.getValue().by() + " at " + format.dateTime(e.getValue().at())
                                + " " + format.zoneLabel() + ": " + e.getValue().reason()))
                .toList();
    }

    @GetMapping("/alerts/{id}")
    Mono<String> detail(@PathVariable String id, Model model) {
        long number = alertId(id);
        return views.detail(number)
                .onErrorMap(ProblemException.class, e -> e.type() == ProblemType.NOT_FOUND
                        ? new ResponseStatusException(HttpStatus.NOT_FOUND, "no alert " + number + " exists") : e)
                .zipWith(mayAck())
                .map(both -> {
                    AlertDetail detail = both.getT1();
                    AlertContext context = detail.alert().context();
                    Map<String, NodeView> nodes = fabric.nodes().stream()
                            .collect(Collectors.toMap(NodeView::guid, Function.identity(), (a, b) -> a));
                    model.addAttribute("alert", AlertLine.of(detail.alert(), format, clock.instant()));
                    model.addAttribute("context", context);
                    model.addAttribute("measured", measured(context));
                    model.addAttribute("ends", context.ends().stream()
                            .map(end -> AlertEndPanel.of(end, detail.ports(), nodes, format)).toList());
                    model.addAttribute("history", history(detail));
                    model.addAttribute("impact", ImpactPanel.of(detail.impact(), context.ends(), format));
                    model.addAttribute("open", detail.alert().resolvedAt() == null);
                    model.addAttribute("zone", format.zoneLabel());
                    model.addAttribute("mayAck", both.getT2());
                    model.addAttribute("silencedBy", silences.covering(detail.alert()));
                    model.addAttribute("silenceChoices", SilenceChoice.forAlert(detail.alert()));
                    return DETAIL_VIEW;
                });
    }

    /**
     * Whether the signed-in person may act on alerts (the ACK permission: operators and admins). Pages only hide
     * what they may not do; the API refuses it either way.
     */
    private static Mono<Boolean> mayAck() {
        return ReactiveSecurityContextHolder.getContext().mapNotNull(SecurityContext::getAuthentication)
                .map(user -> user.getAuthorities().stream()
                        .anyMatch(granted -> Permission.ACK.authority().equals(granted.getAuthority())))
                .defaultIfEmpty(false);
    }

    private List<HistoryLine> history(AlertDetail detail) {
        return detail.history().stream().map(entry -> HistoryLine.of(entry, format)).toList();
    }

    /** "17 (limit 10) in 5m": what was measured against what, as the rule put it. */
    private static String measured(AlertContext context) {
        String unit = context.unit() == null || context.unit().isBlank() ? "" : " " + context.unit();
        return number(context.value()) + " (limit " + number(context.threshold()) + ")" + unit;
    }

    private static String number(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return String.format(java.util.Locale.ROOT, "%,d", (long) value);
        }
        return String.format(java.util.Locale.ROOT, "%.3g", value);
    }

    private static long alertId(String text) {
        try {
            long id = Long.parseLong(text.strip());
            if (id > 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        String shown = text.length() > 40 ? text.substring(0, 40) + "…" : text;
        throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "'" + shown + "' is not an alert id (a positive number)");
    }
}
