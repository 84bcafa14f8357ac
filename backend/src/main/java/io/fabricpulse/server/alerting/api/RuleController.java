package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.RuleSettingsResolver;
import io.fabricpulse.server.alerting.rules.LinkCapabilities;
import io.fabricpulse.server.alerting.rules.RuleDefinition;
import io.fabricpulse.server.alerting.store.RuleSettingRepository;
import io.fabricpulse.server.alerting.store.RuleSettingRow;
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
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import java.security.Principal;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code /api/v1/alerts/rules}: every rule with its settings; PUT changes a rule's settings for
 * every cluster or one ({@code ?cluster=}), over application.yml; DELETE drops such a change.
 */
@RestController
@RequestMapping("/api/v1/alerts/rules")
class RuleController {

    private static final Set<String> FIELDS = Set.of("enabled", "severity", "threshold", "window", "longThreshold",
            "longWindow", "clearAfter", "expected");

    private final RuleViews views;
    private final RuleSettingRepository repository;
    private final AuditLogRepository audit;
    private final JsonMapper json;
    private final Clock clock;

    RuleController(RuleViews views, RuleSettingRepository repository, AuditLogRepository audit, JsonMapper json,
                   Clock clock) {
        this.views = views;
        this.repository = repository;
        this.audit = audit;
        this.json = json;
        this.clock = clock;
    }

    /** Query: {@code cluster}, for the settings in force there. */
    @GetMapping
    Mono<List<RuleView>> list(ServerHttpRequest request) {
        return views.all(cluster(request));
    }

    @GetMapping("/{rule}")
    Mono<RuleView> one(@PathVariable String rule, ServerHttpRequest request) {
        String cluster = cluster(request);
        return views.one(rule, cluster);
    }

    /**
     * Body: any of {@code enabled, severity, threshold, window, longThreshold, longWindow, clearAfter,
     * expected} (durations ISO-8601, e.g. {@code "PT12M"}); fields left out keep the value below.
     */
    @PutMapping("/{rule}")
    Mono<RuleView> put(@PathVariable String rule, @RequestBody Map<String, Object> body, ServerHttpRequest request,
                       Principal principal) {
        RuleDefinition definition = views.known(rule);
        String cluster = cluster(request);
        RuleSettings settings = parse(body);
        String text = json.writeValueAsString(settings);
        Instant now = clock.instant();
        String on = cluster == null ? RuleSettingsResolver.ALL_CLUSTERS : cluster;
        return repository.save(new RuleSettingRow(rule, on, text, now, principal.getName()))
                .then(audit.append(AuditEntry.of(now, principal.getName(), "rule.update", target(rule, on), text)))
                .then(views.reload())
                .then(Mono.fromSupplier(() -> views.view(definition, cluster)));
    }

    @DeleteMapping("/{rule}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> delete(@PathVariable String rule, ServerHttpRequest request, Principal principal) {
        views.known(rule);
        String on = cluster(request) == null ? RuleSettingsResolver.ALL_CLUSTERS : cluster(request);
        return repository.delete(rule, on)
                .flatMap(deleted -> deleted ? Mono.just(true) : Mono.error(new ProblemException(ProblemType.NOT_FOUND,
                        "rule " + rule + " has no settings made through the API for " + target(rule, on))))
                .then(audit.append(AuditEntry.of(clock.instant(), principal.getName(), "rule.reset", target(rule, on),
                        null)))
                .then(views.reload());
    }

    private RuleSettings parse(Map<String, Object> body) {
        RequestText check = new RequestText();
        body.keySet().stream().filter(key -> !FIELDS.contains(key)).sorted()
                .forEach(key -> check.add(key, "unknown field; known: " + String.join(", ", new TreeSet<>(FIELDS))));
        check.throwIfInvalid();
        RuleSettings settings;
        try {
            settings = json.convertValue(body, RuleSettings.class);
        } catch (JacksonException | IllegalArgumentException e) {
            throw new ProblemException(ProblemType.INVALID_REQUEST, "rule settings: " + e.getMessage());
        }
        settings.problems().forEach(problem -> check.add(problem.substring(0, problem.indexOf(':')),
                problem.substring(problem.indexOf(':') + 2)));
        try {
            LinkCapabilities.parse(settings.expected());
        } catch (IllegalArgumentException e) {
            check.add("expected", e.getMessage());
        }
        check.throwIfInvalid();
        return settings;
    }

    private static String cluster(ServerHttpRequest request) {
        ReadQuery query = new ReadQuery(request.getQueryParams(), Set.of("cluster"));
        String cluster = query.text("cluster", 100);
        query.throwIfInvalid();
        return cluster;
    }

    private static String target(String rule, String cluster) {
        return "rule:" + rule + (cluster.isEmpty() ? "" : "@" + cluster);
    }
}
