package io.fabricpulse.server.alerting;

import io.fabricpulse.server.alerting.rules.PortRule;
import io.fabricpulse.server.alerting.rules.PortRuleState;
import io.fabricpulse.server.alerting.rules.PortSample;
import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.FabricUpdateListener;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.ports.PortIndex;
import io.fabricpulse.server.ports.PortTable;
import io.fabricpulse.server.topology.ClusterDirectory;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The alert engine: evaluates every port rule on every ingested port sample (called synchronously
 * by the live fabric, work proportional to the ports in the batch), the timer rules on each sweep,
 * and conditions other features raise. Rule windows use the samples' collection times; the alert
 * lifecycle (fired, hysteresis) uses the server's clock. One lock: batches of different agents are
 * evaluated one after the other, each in microseconds per port.
 */
public class AlertEngine implements FabricUpdateListener {

    static final String EXTERNAL_END = "external";

    private final RuleCatalog catalog;
    private final RuleSettingsResolver settings;
    private final ClusterDirectory clusters;
    private final Clock clock;
    private final AlertLifecycle lifecycle;
    private final AlertWriter writer;
    private final AgentWatch agents = new AgentWatch();
    private final PortIndex index;
    private final PortTable<PortRuleState> ports = new PortTable<>();
    private final ExpectedPeers expectedPeers;

    public AlertEngine(RuleCatalog catalog, RuleSettingsResolver settings, ClusterDirectory clusters,
                       AlertWriter writer, AlertsProperties properties, Clock clock) {
        this(catalog, settings, clusters, writer, properties, ExpectedPeers.NONE, new PortIndex(), clock);
    }

    /**
     * @param expectedPeers where cables belong by the fabric's history and baseline (the topology's cable history)
     * @param index         the ports' numbers, which the rules' state of each port is kept by
     */
    public AlertEngine(RuleCatalog catalog, RuleSettingsResolver settings, ClusterDirectory clusters,
                       AlertWriter writer, AlertsProperties properties, ExpectedPeers expectedPeers, PortIndex index,
                       Clock clock) {
        this.index = index;
        this.catalog = catalog;
        this.settings = settings;
        this.clusters = clusters;
        this.clock = clock;
        this.writer = writer;
        this.lifecycle = new AlertLifecycle(writer, properties);
        this.expectedPeers = expectedPeers;
    }

    @Override
    public synchronized void onUpdate(FabricUpdate update) {
        Instant now = clock.instant();
        agents.seen(update, now);
        for (PortView view : update.ports()) {
            PortRef port = new PortRef(view.nodeGuid(), view.portNumber());
            PortRuleState state = ports.computeIfAbsent(index.of(view.nodeGuid(), view.portNumber()),
                    number -> new PortRuleState());
            PortSample sample = state.observe(view, expectedPeers.of(port), farState(view, state), update.fabric());
            String cluster = clusters.clusterOf(view.nodeGuid());
            if (update.judgedElsewhere()) {
                // The replica that stored this batch first opened and resolved its alerts; this one keeps
                // its windows whole and decides on the batches it is first with (docs/ALERTING.md, "Replicas").
                continue;
            }
            if (sample.peerChange() != null) {
                clearFormerSubject(port, sample.peerChange().formerPeer(), port.toString(), now);
            }
            // The subject and the end as text only for a rule that fires or has alerts open: a clean port on a
            // fabric without open alerts of its rules only runs the rules.
            AlertSubject subject = null;
            for (PortRule rule : catalog.portRules()) {
                RuleSettings effective = settings.effective(rule.name(), cluster);
                if (!effective.switchedOn()) {
                    continue;
                }
                Finding finding = rule.appliesTo(view) ? rule.evaluate(sample, effective) : null;
                if (finding == null && !lifecycle.hasOpen(rule.name())) {
                    continue;
                }
                if (subject == null) {
                    subject = sample.peer() == null ? AlertSubject.port(port) : AlertSubject.link(port, sample.peer());
                }
                if (finding != null) {
                    lifecycle.asserted(rule.name(), subject, port.toString(), effective, cluster, now,
                            () -> context(rule.name(), finding, portEnds(view, sample)));
                } else {
                    lifecycle.cleared(rule.name(), subject, port.toString(), now);
                }
            }
        }
    }

    /** The far end's rule state, by the peer the port reports or the one last known. */
    private PortRuleState farState(PortView view, PortRuleState state) {
        if (view.peerGuid() != null && view.peerPort() > 0) {
            return ports.get(index.find(view.peerGuid(), view.peerPort()));
        }
        PortRef peer = state.peer();
        return peer == null ? null : ports.get(index.find(peer.nodeGuid(), peer.portNumber()));
    }

    /** This end no longer reports under the subject it had with its former far end. */
    private void clearFormerSubject(PortRef port, PortRef formerPeer, String end, Instant now) {
        AlertSubject former = formerPeer == null ? AlertSubject.port(port) : AlertSubject.link(port, formerPeer);
        for (PortRule rule : catalog.portRules()) {
            lifecycle.cleared(rule.name(), former, end, now);
        }
    }

    /** Hysteresis, agent silence, retries of openings the store refused. Called by the sweeper's timer. */
    public synchronized void sweep() {
        Instant now = clock.instant();
        RuleSettings silent = settings.effective(RuleCatalog.AGENT_SILENT, null);
        if (silent.switchedOn()) {
            agents.check(now, silent,
                    (id, silence) -> lifecycle.asserted(RuleCatalog.AGENT_SILENT, AlertSubject.agent(id),
                            EXTERNAL_END, silent, null, now,
                            () -> context(RuleCatalog.AGENT_SILENT, silence.finding(), silence.ends())),
                    (id, silence) -> lifecycle.cleared(RuleCatalog.AGENT_SILENT, AlertSubject.agent(id), EXTERNAL_END,
                            now));
        }
        lifecycle.sweep(now);
    }

    /** Another feature says the condition holds (again): opens the alert unless it is open. */
    public synchronized void raise(ExternalCondition condition) {
        RuleSettings effective = externalSettings(condition);
        if (effective.switchedOn()) {
            lifecycle.asserted(condition.rule(), condition.subject(), EXTERNAL_END, effective,
                    clusters.clusterOf(condition.subject().nodeGuid()), clock.instant(),
                    () -> context(condition.rule(), condition.finding(), condition.ends()));
        }
    }

    /** Another feature says the condition is over: the alert resolves after the rule's hysteresis. */
    public synchronized void clear(ExternalCondition condition) {
        externalSettings(condition);
        lifecycle.cleared(condition.rule(), condition.subject(), EXTERNAL_END, clock.instant());
    }

    /**
     * The feature that raises {@code rule} knows its whole picture again after a restart: every open
     * alert of the rule whose subject does not hold ({@code holds} false) is cleared, hysteresis as
     * usual. Runs on the writer's queue, after the startup reload of the open alerts queued before any
     * batch could arrive, so the alerts opened before the restart are among those checked.
     *
     * @param holds whether the condition holds for a subject; called under the engine's lock, so it
     *              must not take a lock of the caller's
     */
    public void clearAllBut(String rule, Predicate<AlertSubject> holds) {
        if (catalog.get(rule) == null) {
            throw new IllegalArgumentException("no rule '" + rule + "'; known: " + catalog.all().keySet());
        }
        Runnable clearStale = () -> {
            synchronized (this) {
                Instant now = clock.instant();
                for (OpenAlert alert : lifecycle.all()) {
                    if (alert.rule.equals(rule) && !holds.test(alert.subject)) {
                        lifecycle.cleared(rule, alert.subject, EXTERNAL_END, now);
                    }
                }
            }
        };
        if (!writer.later(clearStale)) {
            clearStale.run(); // queue full: the reload ran long ago, nothing to wait for
        }
    }

    /** An admin removed the agent: it is no longer watched, and its silence alert is over. */
    public synchronized void forgetAgent(String agentId) {
        if (agents.forget(agentId)) {
            lifecycle.cleared(RuleCatalog.AGENT_SILENT, AlertSubject.agent(agentId), EXTERNAL_END, clock.instant());
        }
    }

    /** Someone acknowledged an alert through this replica's API: later events carry who and the ticket. */
    public synchronized void acknowledged(long id, String by, String ticket) {
        OpenAlert alert = lifecycle.byId(id);
        if (alert != null) {
            alert.ackedBy = by;
            alert.ticket = ticket;
        }
    }

    /** Someone resolved an alert by hand: forget it (it fires anew if its condition still holds). */
    public synchronized void resolvedElsewhere(long id) {
        OpenAlert alert = lifecycle.byId(id);
        if (alert != null) {
            lifecycle.forget(alert);
        }
    }

    /** The keys of the open alerts in memory, for tests and the health of the engine. */
    public synchronized List<String> openKeys() {
        List<String> keys = new ArrayList<>();
        lifecycle.all().forEach(alert -> keys.add(alert.key));
        return keys;
    }

    /**
     * The highest severity among the open alerts of each subject, by {@link AlertSubject#key()}: the
     * per-link alert state of the Prometheus endpoint (one short hold of the lock per scrape).
     */
    public synchronized Map<String, Severity> openSeverityBySubject() {
        Map<String, Severity> severities = new HashMap<>();
        lifecycle.all().forEach(alert -> severities.merge(alert.subject.key(), alert.severity,
                (a, b) -> a.compareTo(b) >= 0 ? a : b));
        return severities;
    }

    synchronized AlertLifecycle lifecycle() {
        return lifecycle;
    }

    RuleSettingsResolver settings() {
        return settings;
    }

    private RuleSettings externalSettings(ExternalCondition condition) {
        if (catalog.get(condition.rule()) == null) {
            throw new IllegalArgumentException("no rule '" + condition.rule() + "'; known: " + catalog.all().keySet());
        }
        return settings.effective(condition.rule(), clusters.clusterOf(condition.subject().nodeGuid()));
    }

    private List<AlertEnd> portEnds(PortView view, PortSample sample) {
        List<AlertEnd> ends = new ArrayList<>(2);
        ends.add(new AlertEnd(view.nodeGuid(), view.nodeName(), view.nodeType(), view.portNumber(), view.lid(), true));
        if (sample.peer() != null) {
            PortView peer = sample.peerView();
            ends.add(peer == null
                    ? new AlertEnd(sample.peer().nodeGuid(), sample.peer().nodeGuid(), null,
                    sample.peer().portNumber(), 0, false)
                    : new AlertEnd(peer.nodeGuid(), peer.nodeName(), peer.nodeType(), peer.portNumber(), peer.lid(),
                    false));
        }
        return ends;
    }

    private static AlertContext context(String rule, Finding finding, List<AlertEnd> ends) {
        return new AlertContext(finding.summary(), finding.counter(), finding.value(), finding.threshold(),
                finding.unit(), ends, SuggestedChecks.forRule(rule, finding.summary()), false);
    }
}
