package io.fabricpulse.server.alerting.sm;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertEngine;
import io.fabricpulse.server.alerting.AlertSubject;
import io.fabricpulse.server.alerting.ExternalCondition;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.alerting.RuleCatalog;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.RuleSettingsResolver;
import io.fabricpulse.server.pipeline.AppliedBatchListener;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Watches which subnet manager the ports take for master (PortInfo MasterSMLID, {@link PortReport#smLid()})
 * and raises {@link RuleCatalog#SM_MASTER} for two conditions, each its own alert:
 * <ul>
 *   <li>more than one master: Active ports reported within the rule's {@code window} name more than
 *   one SM LID, for at least that {@code window} (an SM handover moves the ports over within one
 *   sweep, which must not look like two masters); cleared when one LID remains;</li>
 *   <li>master changed: the LID most ports name differs from the one most named before (the first
 *   one seen after start is taken as it is); cleared after the rule's {@code longWindow} without a
 *   further change.</li>
 * </ul>
 * A port's report counts from its batch's collection time (never later than now), so a batch applied
 * late (replayed after a restart) does not count as fresh. Work per batch is proportional to its
 * ports; the counting over all ports runs when a port's SM changed and at most once a second
 * otherwise, and alerts clear on the next batch after their time is up.
 */
public final class SmMasterWatch implements AppliedBatchListener {

    static final AlertSubject MORE_THAN_ONE = AlertSubject.fabric("sm-masters");
    static final AlertSubject MASTER_CHANGED = AlertSubject.fabric("sm-master-changed");
    private static final Duration EVALUATE_EVERY = Duration.ofSeconds(1);

    private final AlertEngine engine;
    private final RuleSettingsResolver settings;
    private final Clock clock;
    private final Map<PortRef, Seen> ports = new HashMap<>();
    private final Map<Integer, AlertEnd> lidOwners = new HashMap<>();
    private Integer master;
    private ExternalCondition change;
    private Instant changedAt;
    private Instant splitSince;
    private Instant evaluatedAt = Instant.MIN;

    private record Seen(int smLid, Instant at) {
    }

    public SmMasterWatch(AlertEngine engine, RuleSettingsResolver settings, Clock clock) {
        this.engine = engine;
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public synchronized void applied(IngestBatch batch) {
        Instant now = clock.instant();
        Instant at = batch.collectedAt().isAfter(now) ? now : batch.collectedAt();
        boolean moved = false;
        for (NodeReport node : batch.nodes()) {
            for (PortReport port : node.ports()) {
                PortRef ref = new PortRef(node.guid(), port.portNumber());
                if (port.state() != PortState.ACTIVE || port.smLid() == 0) {
                    moved |= ports.remove(ref) != null;
                    continue;
                }
                if (port.lid() != 0) {
                    String name = node.description() == null || node.description().isBlank() ? node.guid()
                            : node.description();
                    lidOwners.put(port.lid(), new AlertEnd(node.guid(), name, node.type(), port.portNumber(),
                            port.lid(), false));
                }
                Seen before = ports.put(ref, new Seen(port.smLid(), at));
                moved |= before == null || before.smLid() != port.smLid();
            }
        }
        if (moved || !now.isBefore(evaluatedAt.plus(EVALUATE_EVERY))) {
            evaluate(now);
        }
    }

    private void evaluate(Instant now) {
        evaluatedAt = now;
        RuleSettings rule = settings.effective(RuleCatalog.SM_MASTER, null);
        Instant recentSince = now.minus(rule.window());
        // Counted while younger than the window: one report alone never keeps a split for a whole window.
        ports.values().removeIf(seen -> !seen.at().isAfter(recentSince));
        SortedMap<Integer, Integer> portsBySm = new TreeMap<>();
        ports.values().forEach(seen -> portsBySm.merge(seen.smLid(), 1, Integer::sum));
        moreThanOne(portsBySm, now, rule);
        masterChanged(portsBySm, now, rule);
    }

    private void moreThanOne(SortedMap<Integer, Integer> portsBySm, Instant now, RuleSettings rule) {
        if (portsBySm.size() <= 1) {
            splitSince = null;
            // Also resolves an alert of a previous run once the state store has given it back.
            engine.clear(new ExternalCondition(RuleCatalog.SM_MASTER, MORE_THAN_ONE, null, List.of()));
            return;
        }
        if (splitSince == null) {
            splitSince = now;
        }
        if (now.isBefore(splitSince.plus(rule.window()))) {
            return;
        }
        List<String> seenBy = new ArrayList<>();
        List<AlertEnd> ends = new ArrayList<>();
        portsBySm.forEach((lid, count) -> {
            seenBy.add("LID " + lid + owner(lid) + " by " + count + (count == 1 ? " port" : " ports"));
            if (lidOwners.containsKey(lid)) {
                ends.add(lidOwners.get(lid));
            }
        });
        String summary = portsBySm.size() + " subnet managers are master: " + String.join(", ", seenBy);
        engine.raise(new ExternalCondition(RuleCatalog.SM_MASTER, MORE_THAN_ONE,
                new Finding("MasterSMLID", portsBySm.size(), 1, "masters", summary), ends));
    }

    private void masterChanged(SortedMap<Integer, Integer> portsBySm, Instant now, RuleSettings rule) {
        Integer most = mostNamed(portsBySm);
        if (most == null) {
            return; // no ports, or a tie: nothing says which SM the fabric follows
        }
        if (master == null) {
            master = most;
            engine.clear(new ExternalCondition(RuleCatalog.SM_MASTER, MASTER_CHANGED, null, List.of()));
            return;
        }
        if (!most.equals(master)) {
            if (change != null) {
                engine.clear(change); // changed again within the quiet time: a new alert says from where to where
            }
            int total = portsBySm.values().stream().mapToInt(Integer::intValue).sum();
            String summary = "master SM changed from LID " + master + owner(master) + " to LID " + most + owner(most)
                    + ", now named by " + portsBySm.get(most) + " of " + total + " ports";
            List<AlertEnd> ends = new ArrayList<>(2);
            for (int lid : List.of(master, most)) {
                if (lidOwners.containsKey(lid)) {
                    ends.add(lidOwners.get(lid));
                }
            }
            change = new ExternalCondition(RuleCatalog.SM_MASTER, MASTER_CHANGED,
                    new Finding("MasterSMLID", most, master, "LID", summary), ends);
            engine.raise(change);
            master = most;
            changedAt = now;
        } else if (change != null && !now.isBefore(changedAt.plus(rule.longWindow()))) {
            engine.clear(change);
            change = null;
            changedAt = null;
        }
    }

    /** The LID most ports name, null when there is none or two share the top. */
    private static Integer mostNamed(SortedMap<Integer, Integer> portsBySm) {
        Integer best = null;
        int bestCount = 0;
        boolean tie = false;
        for (Map.Entry<Integer, Integer> entry : portsBySm.entrySet()) {
            if (entry.getValue() > bestCount) {
                best = entry.getKey();
                bestCount = entry.getValue();
                tie = false;
            } else if (entry.getValue() == bestCount) {
                tie = true;
            }
        }
        return tie ? null : best;
    }

    private String owner(int lid) {
        AlertEnd end = lidOwners.get(lid);
        return end == null ? "" : " (" + end.nodeName() + " port " + end.portNumber() + ")";
    }
}
