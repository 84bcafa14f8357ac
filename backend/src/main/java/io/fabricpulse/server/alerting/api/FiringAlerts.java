package io.fabricpulse.server.alerting.api;

import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.alerting.store.AlertFilter;
import io.fabricpulse.server.alerting.store.AlertRepository;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How many alerts fire (open, not acknowledged) per severity, most urgent first: the overview's summary
 * and the alert list's tabs. Counted in the state store, so every replica's page shows the same numbers.
 */
@Component
public class FiringAlerts {

    /** Most urgent first, the order the overview shows them in. */
    static final List<Severity> ORDER = List.of(Severity.CRITICAL, Severity.WARNING, Severity.INFO);

    private final AlertRepository alerts;

    FiringAlerts(AlertRepository alerts) {
        this.alerts = alerts;
    }

    /** Firing alerts by severity name (CRITICAL, WARNING, INFO), every severity present, most urgent first. */
    public Mono<Map<String, Long>> bySeverity() {
        return Flux.fromIterable(ORDER)
                .concatMap(severity -> alerts.count(new AlertFilter("FIRING", severity.name(), null, null, null, null)))
                .collectList()
                .map(counts -> {
                    Map<String, Long> bySeverity = new LinkedHashMap<>();
                    for (int i = 0; i < ORDER.size(); i++) {
                        bySeverity.put(ORDER.get(i).name(), counts.get(i));
                    }
                    return bySeverity;
                });
    }

    /** The same for the alerts that were firing at {@code at}, a past instant (fired, neither acknowledged nor resolved by then). */
    public Mono<Map<String, Long>> bySeverityAt(Instant at) {
        return alerts.countFiringAt(at).map(counts -> {
            Map<String, Long> bySeverity = new LinkedHashMap<>();
            for (Severity severity : ORDER) {
                bySeverity.put(severity.name(), counts.getOrDefault(severity.name(), 0L));
            }
            return bySeverity;
        });
    }
}
