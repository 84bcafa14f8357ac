package io.fabricpulse.server.alerting;

import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.AlertRow;
import io.fabricpulse.server.alerting.store.RuleSettingRepository;
import io.fabricpulse.server.alerting.store.RuleSettingRow;
import io.fabricpulse.server.alerting.store.SilenceRepository;
import io.fabricpulse.server.topology.ClusterDirectory;
import tools.jackson.databind.json.JsonMapper;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Brings the engine in line with the state store, which every replica shares: open alerts (at
 * startup: reload; later: drop the ones resolved elsewhere, take in the ones opened elsewhere, take
 * over acknowledgements), silences, cluster memberships and the rule settings changed through the
 * API. Runs on the alert writer's thread (blocking reads, never on the event loop, in order with the
 * writes).
 */
public class AlertReconciler {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final AlertEngine engine;
    private final AlertRepository alerts;
    private final SilenceRepository silenceRows;
    private final Silences silences;
    private final ClusterDirectory clusters;
    private final RuleSettingRepository ruleSettings;
    private final AlertsProperties properties;
    private final JsonMapper json;
    private final Clock clock;

    public AlertReconciler(AlertEngine engine, AlertRepository alerts, SilenceRepository silenceRows,
                           Silences silences, ClusterDirectory clusters, RuleSettingRepository ruleSettings,
                           AlertsProperties properties, JsonMapper json, Clock clock) {
        this.engine = engine;
        this.alerts = alerts;
        this.silenceRows = silenceRows;
        this.silences = silences;
        this.clusters = clusters;
        this.ruleSettings = ruleSettings;
        this.properties = properties;
        this.json = json;
        this.clock = clock;
    }

    /** Reads everything and applies it; blocking. */
    public void reconcile() {
        Instant now = clock.instant();
        silences.replace(silenceRows.notExpired(now).collectList().block(TIMEOUT));
        clusters.reload().block(TIMEOUT);
        engine.settings().replaceStored(storedSettings(ruleSettings.all().collectList().block(TIMEOUT), json));
        takeIn(readOpenAlerts());
    }

    /** The store's open alerts and their last assertions, as of now; blocking, outside the engine's lock. */
    OpenAlerts readOpenAlerts() {
        return new OpenAlerts(alerts.allOpen().collectList().block(TIMEOUT), alerts.lastAssertions().block(TIMEOUT));
    }

    /**
     * Applies what {@link #readOpenAlerts()} read, under the engine's lock. The engine may have moved on since
     * the read: an alert it resolved in between still reads open, and is not taken back in.
     */
    void takeIn(OpenAlerts stored) {
        synchronized (engine) {
            apply(engine.lifecycle(), stored.open(), stored.asserted());
        }
    }

    /** The store's open alert rows and the last assertion of each, read together. */
    record OpenAlerts(List<AlertRow> open, Map<Long, AlertRepository.Assertion> asserted) {
    }

    private void apply(AlertLifecycle lifecycle, List<AlertRow> open, Map<Long, AlertRepository.Assertion> asserted) {
        Set<Long> openIds = new HashSet<>();
        for (AlertRow row : open) {
            openIds.add(row.id());
            OpenAlert held = lifecycle.get(row.alertKey());
            if (held == null && lifecycle.resolving(row.id())) {
                continue;
            }
            if (held == null) {
                held = fromRow(row);
                held.shared = true; // opened elsewhere, or by this server's previous run
                lifecycle.adopt(held);
            } else if (held.id == row.id()) {
                held.ackedBy = row.ackedBy();
                held.ticket = row.ticket();
            }
            AlertRepository.Assertion assertion = asserted.get(row.id());
            if (held.id == row.id() && assertion != null) {
                held.storedAssertion(assertion.at(), assertion.shared());
            }
        }
        for (OpenAlert held : lifecycle.all()) {
            if (held.id != 0 && !openIds.contains(held.id)) {
                lifecycle.forget(held);
            }
        }
    }

    /** The settings the API stored, parsed, as the resolver takes them. */
    public static Map<RuleSettingsResolver.StoredKey, RuleSettings> storedSettings(List<RuleSettingRow> rows,
                                                                                  JsonMapper json) {
        Map<RuleSettingsResolver.StoredKey, RuleSettings> stored = new HashMap<>();
        for (RuleSettingRow row : rows) {
            stored.put(new RuleSettingsResolver.StoredKey(row.rule(), row.cluster()),
                    json.readValue(row.settings(), RuleSettings.class));
        }
        return stored;
    }

    private OpenAlert fromRow(AlertRow row) {
        AlertContext context = json.readValue(row.context(), AlertContext.class);
        String subjectKey = row.alertKey().substring(row.alertKey().indexOf('|') + 1);
        AlertSubject subject = new AlertSubject(AlertScope.valueOf(row.scope()), subjectKey, row.nodeGuid(),
                row.peerGuid());
        Duration clearAfter = engine.settings().knows(row.rule())
                ? engine.settings().effective(row.rule(), row.cluster()).clearAfter() : Duration.ZERO;
        if (row.flapping() && properties.flapWindow().compareTo(clearAfter) > 0) {
            clearAfter = properties.flapWindow();
        }
        OpenAlert alert = new OpenAlert(row.alertKey(), row.rule(), subject, Severity.valueOf(row.severity()),
                row.cluster(), row.firedAt(), clearAfter, row.flapping(), context);
        alert.id = row.id();
        alert.ackedBy = row.ackedBy();
        alert.ticket = row.ticket();
        return alert;
    }
}
