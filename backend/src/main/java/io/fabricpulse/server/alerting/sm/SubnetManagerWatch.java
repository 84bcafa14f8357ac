package io.fabricpulse.server.alerting.sm;

import io.fabricpulse.model.ingest.SmState;
import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.alerting.AlertEngine;
import io.fabricpulse.server.alerting.AlertSubject;
import io.fabricpulse.server.alerting.ExternalCondition;
import io.fabricpulse.server.alerting.Finding;
import io.fabricpulse.server.alerting.RuleCatalog;
import io.fabricpulse.server.alerting.RuleSettings;
import io.fabricpulse.server.alerting.RuleSettingsResolver;
import io.fabricpulse.server.sm.SubnetManagerListener;
import io.fabricpulse.server.sm.SubnetManagerSnapshot;
import io.fabricpulse.server.sm.SubnetManagerView;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The subnet manager rules, from what the agents' SMInfo queries answered (docs/ALERTING.md):
 * <ul>
 *   <li>{@link RuleCatalog#SM_NO_MASTER}: agents keep asking and no SM has answered as master for the rule's
 *   {@code window} (longer than an SM failover, in which the standby takes over within tens of seconds);</li>
 *   <li>{@link RuleCatalog#SM_MASTER}, split: more than one SM answered as master within {@code window}, for
 *   at least {@code window} (a split subnet: two SMs each configuring their part);</li>
 *   <li>{@link RuleCatalog#SM_MASTER}, changed: the one master is another SM than before (also across a
 *   restart: the state store remembers the master); open for {@code longWindow};</li>
 *   <li>{@link RuleCatalog#SM_HUNG}: the master answers, but its ActCount moved by no more than the queries
 *   it answered over the last {@code threshold} readings spanning at least {@code window}: it does nothing
 *   of its own (no sweep, no SMP), which is how a standby tells a hung master (IBA 14.4.1).</li>
 * </ul>
 * Evaluated after every batch that carries SMInfo answers; each raise or clear goes to the alert engine, whose
 * hysteresis and lifecycle apply. Nothing is judged while no agent asks (sysfs and sim agents cannot), nor on a
 * batch another replica stored first.
 */
public final class SubnetManagerWatch implements SubnetManagerListener {

    static final AlertSubject NO_MASTER = AlertSubject.fabric("sm-no-master");
    static final AlertSubject MORE_THAN_ONE = AlertSubject.fabric("sm-masters");
    static final AlertSubject MASTER_CHANGED = AlertSubject.fabric("sm-master-changed");
    static final AlertSubject HUNG = AlertSubject.fabric("sm-hung");

    private final AlertEngine engine;
    private final RuleSettingsResolver settings;
    private final IntFunction<AlertEnd> lidOwner;
    private final Clock clock;
    private Instant firstSweep;
    private Instant splitSince;
    private String master;
    private boolean masterKnown;
    private ExternalCondition change;
    private Instant changedAt;
    /** Whether the batch being looked at is this replica's to judge. */
    private boolean judging;

    /**
     * @param lidOwner the node and port answering at a LID (from the live fabric), null when unknown: how an
     *                 alert names an SM beyond its GUID
     */
    public SubnetManagerWatch(AlertEngine engine, RuleSettingsResolver settings, IntFunction<AlertEnd> lidOwner,
                              Clock clock) {
        this.engine = engine;
        this.settings = settings;
        this.lidOwner = lidOwner;
        this.clock = clock;
    }

    @Override
    public synchronized void onSweep(SubnetManagerSnapshot snapshot) {
        judging = !snapshot.judgedElsewhere();
        Instant now = clock.instant();
        if (firstSweep == null) {
            firstSweep = now;
        }
        noMaster(snapshot, now);
        List<SubnetManagerView> masters = masters(snapshot, now);
        moreThanOne(masters, now);
        masterChanged(snapshot, masters, now);
        hung(snapshot, masters, now);
    }

    /** The SMs whose answer within the split rule's window says MASTER. */
    private List<SubnetManagerView> masters(SubnetManagerSnapshot snapshot, Instant now) {
        Instant since = now.minus(rule(RuleCatalog.SM_MASTER).window());
        return snapshot.managers().stream()
                .filter(m -> m.state() == SmState.MASTER && m.answeredSince(since) && m.error() == null).toList();
    }

    /**
     * Quiet since the last master answer, or since this watch began (after a restart the stored last answer is
     * old news: the agents get a whole window to find the master again).
     */
    private void noMaster(SubnetManagerSnapshot snapshot, Instant now) {
        RuleSettings rule = rule(RuleCatalog.SM_NO_MASTER);
        Instant since = now.minus(rule.window());
        boolean asked = snapshot.lastAsked() != null && !snapshot.lastAsked().isBefore(since);
        Instant quietSince = snapshot.managers().stream().filter(m -> m.state() == SmState.MASTER)
                .map(SubnetManagerView::lastAnswered).filter(java.util.Objects::nonNull)
                .filter(at -> at.isAfter(firstSweep)).max(Instant::compareTo).orElse(firstSweep);
        if (!asked || now.isBefore(quietSince.plus(rule.window()))) {
            clear(new ExternalCondition(RuleCatalog.SM_NO_MASTER, NO_MASTER, null, List.of()));
            return;
        }
        Instant noMasterSince = quietSince;
        List<String> seen = new ArrayList<>();
        List<AlertEnd> ends = new ArrayList<>();
        for (SubnetManagerView m : snapshot.managers()) {
            seen.add(describe(m));
            addOwner(ends, m.lid());
        }
        String summary = "no subnet manager answers as master (asked for " + duration(noMasterSince, now) + "): "
                + (seen.isEmpty() ? "none known" : String.join("; ", seen))
                + ". Without a master no link comes up, no LID is assigned, SA queries (path records) fail";
        raise(new ExternalCondition(RuleCatalog.SM_NO_MASTER, NO_MASTER,
                new Finding("SMState", 0, 1, "masters", summary), ends));
    }

    private void moreThanOne(List<SubnetManagerView> masters, Instant now) {
        RuleSettings rule = rule(RuleCatalog.SM_MASTER);
        if (masters.size() <= 1) {
            splitSince = null;
            clear(new ExternalCondition(RuleCatalog.SM_MASTER, MORE_THAN_ONE, null, List.of()));
            return;
        }
        if (splitSince == null) {
            splitSince = now;
        }
        if (now.isBefore(splitSince.plus(rule.window()))) {
            return;
        }
        List<String> seen = new ArrayList<>();
        List<AlertEnd> ends = new ArrayList<>();
        for (SubnetManagerView m : masters) {
            seen.add(describe(m));
            addOwner(ends, m.lid());
        }
        String summary = masters.size() + " subnet managers answer as master (a split subnet): " + String.join("; ", seen);
        raise(new ExternalCondition(RuleCatalog.SM_MASTER, MORE_THAN_ONE,
                new Finding("SMState", masters.size(), 1, "masters", summary), ends));
    }

    private void masterChanged(SubnetManagerSnapshot snapshot, List<SubnetManagerView> masters, Instant now) {
        RuleSettings rule = rule(RuleCatalog.SM_MASTER);
        if (!masterKnown) {
            master = snapshot.previousMaster();
            masterKnown = true;
            if (master == null) {
                clear(new ExternalCondition(RuleCatalog.SM_MASTER, MASTER_CHANGED, null, List.of()));
            }
        }
        if (masters.size() != 1) {
            return; // none, or a split: nothing says which SM the subnet follows
        }
        SubnetManagerView now1 = masters.getFirst();
        if (master == null) {
            master = now1.guid();
        } else if (!master.equals(now1.guid())) {
            if (change != null) {
                clear(change); // changed again within the quiet time: a new alert says from where to where
            }
            List<AlertEnd> ends = new ArrayList<>();
            addOwner(ends, now1.lid());
            String summary = "master SM changed from " + master + " to " + describe(now1)
                    + ": a failover (the old master died or was stopped) or a second SM with a higher priority";
            change = new ExternalCondition(RuleCatalog.SM_MASTER, MASTER_CHANGED,
                    new Finding("SmInfoGuid", 1, 0, "change", summary), ends);
            raise(change);
            master = now1.guid();
            changedAt = now;
        } else if (change != null && !now.isBefore(changedAt.plus(rule.longWindow()))) {
            clear(change);
            change = null;
            changedAt = null;
        }
    }

    /**
     * The master's readings of the last {@code window}, when it has been watched that long and read at least
     * {@code threshold} times in it: did its ActCount move by more than the queries it answered in between?
     */
    private void hung(SubnetManagerSnapshot snapshot, List<SubnetManagerView> masters, Instant now) {
        RuleSettings rule = rule(RuleCatalog.SM_HUNG);
        ExternalCondition cleared = new ExternalCondition(RuleCatalog.SM_HUNG, HUNG, null, List.of());
        if (masters.size() != 1) {
            clear(cleared);
            return;
        }
        SubnetManagerView m = masters.getFirst();
        List<SubnetManagerSnapshot.ActivityReading> readings = snapshot.readings().getOrDefault(m.guid(), List.of());
        Instant windowStart = now.minus(rule.window());
        List<SubnetManagerSnapshot.ActivityReading> last = readings.stream()
                .filter(r -> !r.at().isBefore(windowStart)).toList();
        boolean watchedLongEnough = !readings.isEmpty() && !readings.getFirst().at().isAfter(windowStart);
        int n = last.size();
        if (!watchedLongEnough || n < Math.max(2, Math.round(rule.threshold()))) {
            clear(cleared);
            return;
        }
        SubnetManagerSnapshot.ActivityReading first = last.getFirst();
        SubnetManagerSnapshot.ActivityReading latest = last.getLast();
        long moved = (latest.activityCount() - first.activityCount()) & 0xFFFF_FFFFL; // ActCount wraps at 2^32
        long answered = n - 1L; // each later reading is one query the SM answered and counted
        if (moved > answered) {
            clear(cleared);
            return;
        }
        List<AlertEnd> ends = new ArrayList<>();
        addOwner(ends, m.lid());
        String summary = "master SM " + describe(m) + " looks hung: its ActCount moved by " + moved + " over "
                + n + " queries in " + duration(first.at(), latest.at()) + ", no more than our own queries: it sends"
                + " no SMPs of its own (no sweeps). A hung or sweep-disabled SM leaves new links in Init";
        raise(new ExternalCondition(RuleCatalog.SM_HUNG, HUNG,
                new Finding("SmActivity", moved, answered, "ActCount moved", summary), ends));
    }

    /**
     * Whole replicas: every replica follows every batch (the state above stays the same on each), but only the
     * one that stored a batch first raises and clears on it (docs/ALERTING.md, "Replicas").
     */
    private void raise(ExternalCondition condition) {
        if (judging) {
            engine.raise(condition);
        }
    }

    private void clear(ExternalCondition condition) {
        if (judging) {
            engine.clear(condition);
        }
    }

        private void addOwner(List<AlertEnd> ends, int lid) {
        AlertEnd owner = lid == 0 ? null : lidOwner.apply(lid);
        if (owner != null && ends.stream().noneMatch(e -> e.nodeGuid().equals(owner.nodeGuid())
                && e.portNumber() == owner.portNumber())) {
            ends.add(owner);
        }
    }

    private String describe(SubnetManagerView m) {
        AlertEnd owner = m.lid() == 0 ? null : lidOwner.apply(m.lid());
        String where = owner == null ? "" : " on " + owner.nodeName() + " port " + owner.portNumber();
        if (m.guid() == null) {
            return "SM at LID " + m.lid() + where + " did not answer (" + m.error() + ")";
        }
        return m.guid() + " (LID " + m.lid() + where + ", priority " + m.priority() + ", "
                + (m.state() == null ? "reserved state" : m.state().name()) + (m.error() == null ? ""
                : ", last query unanswered: " + m.error()) + ")";
    }

    private static String duration(Instant from, Instant to) {
        return Duration.between(from, to).toSeconds() + " s";
    }

    private RuleSettings rule(String name) {
        return settings.effective(name, null);
    }
}
