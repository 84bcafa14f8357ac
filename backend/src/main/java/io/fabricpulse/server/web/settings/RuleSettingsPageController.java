package io.fabricpulse.server.web.settings;

import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.RuleSettingsResolver;
import io.fabricpulse.server.alerting.api.RuleViews;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.topology.ClusterDirectory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.util.UriComponentsBuilder;
import reactor.core.publisher.Mono;

import java.util.Optional;
import java.util.TreeSet;

/**
 * {@code GET /settings} (the first section), {@code GET /settings/rules} (every rule with the settings in
 * force, for nodes in no cluster or the cluster asked for) and {@code GET /settings/rules/{rule}} (the form
 * that changes one rule for every cluster or one, through {@code PUT /api/v1/alerts/rules/{rule}}).
 */
@Controller
class RuleSettingsPageController {

    static final String LIST_VIEW = "settings/rules";
    static final String EDIT_VIEW = "settings/rule";
    static final int MAX_CLUSTER = 100;

    private final RuleViews rules;
    private final ClusterDirectory clusters;

    RuleSettingsPageController(RuleViews rules, ClusterDirectory clusters) {
        this.rules = rules;
        this.clusters = clusters;
    }

    @GetMapping("/settings")
    String settings() {
        return "redirect:/settings/rules";
    }

    @GetMapping("/settings/rules")
    Mono<String> list(@RequestParam(name = "cluster", required = false) String cluster, Model model) {
        String chosen = cluster(cluster);
        if (chosen != null && !clusters.names().contains(chosen)) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "cluster: no cluster '" + chosen + "'; known: "
                    + String.join(", ", new TreeSet<>(clusters.names())));
        }
        return rules.all(chosen).map(views -> {
            model.addAttribute("section", "rules");
            model.addAttribute("cluster", chosen);
            model.addAttribute("clusters", new TreeSet<>(clusters.names()));
            model.addAttribute("rules", views.stream().map(RuleLine::of).toList());
            return LIST_VIEW;
        });
    }

    /** Query: {@code cluster}: edit the setting for that cluster; absent: for every cluster. */
    @GetMapping("/settings/rules/{rule}")
    Mono<String> edit(@PathVariable String rule, @RequestParam(name = "cluster", required = false) String cluster,
                      Model model) {
        String chosen = cluster(cluster);
        return rules.one(rule, chosen)
                .onErrorMap(ProblemException.class, e -> e.type() == ProblemType.NOT_FOUND
                        ? new ResponseStatusException(HttpStatus.NOT_FOUND, e.getMessage()) : e)
                .map(view -> {
                    String key = chosen == null ? RuleSettingsResolver.ALL_CLUSTERS : chosen;
                    RuleSettings stored = view.apiSettings().getOrDefault(key, RuleSettings.NONE);
                    TreeSet<String> scopes = new TreeSet<>(clusters.names());
                    view.apiSettings().keySet().stream().filter(name -> !name.isEmpty()).forEach(scopes::add);
                    model.addAttribute("section", "rules");
                    model.addAttribute("rule", view);
                    model.addAttribute("cluster", chosen);
                    model.addAttribute("scope", RuleLine.scope(chosen));
                    model.addAttribute("clusters", scopes);
                    model.addAttribute("overrides", view.apiSettings().keySet().stream()
                            .map(RuleLine::scope).toList());
                    model.addAttribute("stored", view.apiSettings().containsKey(key));
                    model.addAttribute("fields", RuleField.of(view.defaults(), view.effective(), stored));
                    model.addAttribute("apiUrl", UriComponentsBuilder.fromPath("/api/v1/alerts/rules/{rule}")
                            .queryParamIfPresent("cluster", Optional.ofNullable(chosen))
                            .buildAndExpand(view.name()).encode().toUriString());
                    return EDIT_VIEW;
                });
    }

    /** The cluster a page is asked about: null for none; a 400 for a name no cluster can have. */
    static String cluster(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String name = text.strip();
        if (name.length() > MAX_CLUSTER
                || name.chars().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
            String shown = name.length() > 40 ? name.substring(0, 40) + "…" : name;
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "cluster: '" + shown
                    + "' is not a cluster name (1 to " + MAX_CLUSTER + " characters without spaces)");
        }
        return name;
    }
}
