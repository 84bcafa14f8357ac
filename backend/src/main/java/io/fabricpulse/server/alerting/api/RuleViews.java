package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.alerting.AlertReconciler;
import io.fabricpulse.server.alerting.RuleCatalog;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.RuleSettingsResolver;
import io.fabricpulse.server.alerting.rules.RuleDefinition;
import io.fabricpulse.server.alerting.store.RuleSettingRepository;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Rules as people see them, for the rule API and the settings page alike: each read first takes the
 * settings stored through the API from the state store, so a change made on another replica shows at once.
 */
@Component
public class RuleViews {

    private final RuleCatalog catalog;
    private final RuleSettingsResolver resolver;
    private final RuleSettingRepository repository;
    private final JsonMapper json;

    RuleViews(RuleCatalog catalog, RuleSettingsResolver resolver, RuleSettingRepository repository, JsonMapper json) {
        this.catalog = catalog;
        this.resolver = resolver;
        this.repository = repository;
        this.json = json;
    }

    /** Every rule, with the settings in force on {@code cluster} (null: nodes in no cluster). */
    public Mono<List<RuleView>> all(String cluster) {
        return reload().then(Mono.fromSupplier(() -> catalog.all().values().stream()
                .map(rule -> view(rule, cluster)).toList()));
    }

    /** One rule; a NOT_FOUND problem naming the known rules when there is no such rule. */
    public Mono<RuleView> one(String rule, String cluster) {
        return Mono.defer(() -> {
            RuleDefinition definition = known(rule);
            return reload().then(Mono.fromSupplier(() -> view(definition, cluster)));
        });
    }

    RuleDefinition known(String rule) {
        RuleDefinition definition = catalog.get(rule);
        if (definition == null) {
            throw new ProblemException(ProblemType.NOT_FOUND, "no rule '" + rule + "'; known: "
                    + String.join(", ", catalog.all().keySet()));
        }
        return definition;
    }

    /** Takes the settings stored through the API (by any replica) into the resolver. */
    Mono<Void> reload() {
        return repository.all().collectList()
                .doOnNext(rows -> resolver.replaceStored(AlertReconciler.storedSettings(rows, json)))
                .then();
    }

    RuleView view(RuleDefinition rule, String cluster) {
        Map<String, RuleSettings> api = resolver.stored().entrySet().stream()
                .filter(entry -> entry.getKey().rule().equals(rule.name()))
                .collect(Collectors.toMap(entry -> entry.getKey().cluster(), Map.Entry::getValue, (a, b) -> a,
                        TreeMap::new));
        return new RuleView(rule.name(), rule.description(), rule.defaults(), resolver.effective(rule.name(), cluster),
                api);
    }
}
