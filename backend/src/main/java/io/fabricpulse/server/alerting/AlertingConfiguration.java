package io.fabricpulse.server.alerting;

import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.RuleSettingRepository;
import io.fabricpulse.server.alerting.store.SilenceRepository;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.system.ReplicaName;
import io.fabricpulse.server.topology.CableHistory;
import io.fabricpulse.server.topology.ClusterDirectory;
import io.fabricpulse.server.topology.model.PortEnd;
import org.springframework.beans.factory.ObjectProvider;

import java.util.concurrent.atomic.AtomicReference;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The alert engine and its parts; the engine is a {@code FabricUpdateListener}, so the live fabric calls it. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AlertsProperties.class)
class AlertingConfiguration {

    @Bean
    RuleCatalog ruleCatalog() {
        return RuleCatalog.standard();
    }

    @Bean
    RuleSettingsResolver ruleSettingsResolver(RuleCatalog catalog, AlertsProperties properties) {
        List<String> problems = configurationProblems(catalog, properties);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("fabricpulse.alerts has " + problems.size() + " invalid setting(s): "
                    + String.join("; ", problems));
        }
        return new RuleSettingsResolver(catalog, properties);
    }

    @Bean
    Silences silences() {
        return new Silences();
    }

    @Bean
    AlertEventPublisher alertEventPublisher(ObjectProvider<AlertEventListener> listeners, Silences silences) {
        return new AlertEventPublisher(listeners.orderedStream().toList(), silences);
    }

    @Bean
    AlertWriter alertWriter(AlertRepository alerts, AlertEventPublisher publisher, JsonMapper json,
                            AlertsProperties properties, ReplicaName replica) {
        return new AlertWriter(alerts, publisher, json, properties.writeQueue(), replica);
    }

    @Bean
    AlertEngine alertEngine(RuleCatalog catalog, RuleSettingsResolver settings, ClusterDirectory clusters,
                            AlertWriter writer, AlertsProperties properties, CableHistory history,
                            ObjectProvider<IntendedDowns> intended, PortIndex index, Clock clock) {
        // Looked up at first use: the commands feature that answers it reads the live fabric, which feeds this engine.
        AtomicReference<IntendedDowns> downs = new AtomicReference<>();
        ExpectedPeers expected = port -> {
            IntendedDowns onPurpose = downs.updateAndGet(known -> known != null ? known
                    : intended.getIfAvailable(() -> IntendedDowns.NONE));
            if (onPurpose.of(port) != null) {
                return null; // down on purpose: not a lost cable
            }
            PortEnd peer = history.expectedPeer(port.nodeGuid(), port.portNumber());
            return peer == null ? null : new PortRef(peer.nodeGuid(), peer.port());
        };
        return new AlertEngine(catalog, settings, clusters, writer, properties, expected, index, clock);
    }

    @Bean
    AlertReconciler alertReconciler(AlertEngine engine, AlertRepository alerts, SilenceRepository silenceRows,
                                    Silences silences, ClusterDirectory clusters, RuleSettingRepository ruleSettings,
                                    AlertsProperties properties, JsonMapper json, Clock clock) {
        return new AlertReconciler(engine, alerts, silenceRows, silences, clusters, ruleSettings, properties, json,
                clock);
    }

    @Bean
    AlertSweeper alertSweeper(AlertEngine engine, AlertReconciler reconciler, AlertWriter writer,
                              AlertsProperties properties) {
        return new AlertSweeper(engine, reconciler, writer, properties);
    }

    /** Unknown rule names and out-of-range values in application.yml, each with where it is. */
    static List<String> configurationProblems(RuleCatalog catalog, AlertsProperties properties) {
        List<String> problems = new ArrayList<>();
        check(catalog, "fabricpulse.alerts.rules", properties.rules(), problems);
        properties.clusters().forEach((cluster, rules) ->
                check(catalog, "fabricpulse.alerts.clusters." + cluster, rules, problems));
        return problems;
    }

    private static void check(RuleCatalog catalog, String prefix, Map<String, RuleSettings> rules,
                              List<String> problems) {
        rules.forEach((rule, settings) -> {
            if (catalog.get(rule) == null) {
                problems.add(prefix + "." + rule + ": no such rule; known: " + String.join(", ", catalog.all().keySet()));
            } else {
                settings.problems().forEach(problem -> problems.add(prefix + "." + rule + "." + problem));
            }
        });
    }
}
