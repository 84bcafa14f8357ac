package io.fabricpulse.server.alerting;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The open alerts in memory and their lifecycle: fire on the first assertion, keep evidence per
 * end, resolve after hysteresis, count flaps. A key that resolved {@code maxFlaps} times within the
 * flap window opens as flapping: it then needs the whole flap window clean before it resolves, so a
 * loose cable gives one alert instead of a stream of fired/resolved pairs. Not thread-safe: the
 * engine calls it under its lock.
 *
 * <p>Replicas learn of each other's port-rule assertions through the store. A replica that asserts an
 * alert another one opened says so at once (the store marks the alert shared); from then on every
 * replica asserting it writes the time at most once per reconcile interval, and the others read it on
 * their reconcile, so an assertion elsewhere reaches a replica within about two reconcile intervals. A
 * shared alert therefore resolves three reconcile intervals past the hysteresis ({@link OpenAlert}). An
 * alert no other replica touched costs no writes. A replica that sees gone an alert it took in (another replica
 * opened it, or its previous run) marks it shared, so the replicas still asserting it write their assertions,
 * and resolves it no earlier than twice {@code reach} after it first judged it: fabric-wide conditions (SM, topology,
 * agent silence) follow the same rule, since a replica that just started, or judges on a different picture,
 * must not resolve what another one still sees (that one would open it again at once: a flood).
 */
final class AlertLifecycle {

    private final AlertWriter writer;
    private final AlertsProperties properties;
    private final Map<String, OpenAlert> open = new HashMap<>();
    /**
     * How many alerts are open per rule: every port's sample clears every rule that did not fire, and on a fabric
     * with no open alert of a rule that is all it does, without building a key (two strings and their hashes a rule).
     */
    private final Map<String, Integer> openPerRule = new HashMap<>();
    private final Map<String, ArrayDeque<Instant>> recentResolves = new HashMap<>();
    /**
     * Alerts resolved here whose resolution the store may not have yet. A reconcile reads the store's open rows
     * before it takes the engine's lock: an alert resolved in between still reads open, and taken back in it
     * would swallow the key's next firing (an assertion on a stale alert: no new alert, no announcement).
     */
    private final List<OpenAlert> resolving = new ArrayList<>();
    /** How long another replica's assertion may take to reach this one through the store. */
    private final Duration reach;

    AlertLifecycle(AlertWriter writer, AlertsProperties properties) {
        this.writer = writer;
        this.properties = properties;
        this.reach = properties.reconcileInterval().multipliedBy(3);
    }

    static String key(String rule, AlertSubject subject) {
        return rule + "|" + subject.key();
    }

    /** The condition holds, seen from {@code end}: opens the alert unless it is open. */
    void asserted(String rule, AlertSubject subject, String end, RuleSettings settings, String cluster, Instant now,
                  Supplier<AlertContext> context) {
        String key = key(rule, subject);
        OpenAlert alert = open.get(key);
        if (alert == null) {
            boolean flapping = flapsWithinWindow(key, now) >= properties.maxFlaps();
            Duration clearAfter = flapping && properties.flapWindow().compareTo(settings.clearAfter()) > 0
                    ? properties.flapWindow() : settings.clearAfter();
            AlertContext told = context.get();
            if (flapping) {
                told = new AlertContext(told.summary(), told.counter(), told.value(), told.threshold(), told.unit(),
                        told.ends(), told.suggestedChecks(), true);
            }
            alert = new OpenAlert(key, rule, subject, settings.severity(), cluster, now, clearAfter, flapping, told);
            alert.assertionQueued = now;
            put(alert);
            writer.open(alert);
        } else if (alert.assertionToStore(now, properties.reconcileInterval())) {
            writer.asserted(alert, now);
        }
        alert.asserted(end, now);
    }

    /** Whether any alert of {@code rule} is open: if not, clearing it changes nothing. */
    boolean hasOpen(String rule) {
        return openPerRule.containsKey(rule);
    }

    /** The condition does not hold, seen from {@code end}: resolves the alert if hysteresis allows. */
    void cleared(String rule, AlertSubject subject, String end, Instant now) {
        if (!hasOpen(rule)) {
            return;
        }
        OpenAlert alert = open.get(key(rule, subject));
        if (alert != null) {
            alert.cleared(end, now);
            if (alert.judgedHereFirstTime(now)) {
                // This replica took the alert in and sees it gone: the one that asserts it must say so from now on.
                writer.judging(alert);
            }
            if (alert.resolvableAt(now, reach)) {
                resolve(alert, now);
            }
        }
    }

    /**
     * Resolves what hysteresis allows now, queues again openings the store did not take, and tells the store
     * (once per reconcile interval) of every shared alert this replica still judges to hold: a replica judges
     * only the batches it stores first, so its own assertions may come further apart than {@code reach}.
     */
    void sweep(Instant now) {
        for (OpenAlert alert : List.copyOf(open.values())) {
            if (alert.resolvableAt(now, reach)) {
                resolve(alert, now);
            } else if (alert.id == 0 && !alert.writePending) {
                writer.open(alert);
            } else if (alert.holdsHere() && alert.assertionToStore(now, properties.reconcileInterval())) {
                writer.asserted(alert, now);
            }
        }
        resolving.removeIf(alert -> !alert.resolutionPending);
        recentResolves.values().removeIf(times -> {
            prune(times, now);
            return times.isEmpty();
        });
    }

    OpenAlert byId(long id) {
        for (OpenAlert alert : open.values()) {
            if (alert.id == id) {
                return alert;
            }
        }
        return null;
    }

    /** Drops an alert resolved elsewhere (by a person, another replica): no event, no flap. */
    void forget(OpenAlert alert) {
        if (open.remove(alert.key, alert)) {
            counted(alert, -1);
        }
    }

    OpenAlert get(String key) {
        return open.get(key);
    }

    /** Whether the alert with this id was resolved here and the store may still list it open. */
    boolean resolving(long id) {
        for (OpenAlert alert : resolving) {
            if (alert.id == id && alert.resolutionPending) {
                return true;
            }
        }
        return false;
    }

    /** Takes in an alert opened before a restart or by another replica. */
    void adopt(OpenAlert alert) {
        if (!open.containsKey(alert.key)) {
            put(alert);
        }
    }

    Collection<OpenAlert> all() {
        return new ArrayList<>(open.values());
    }

    private void put(OpenAlert alert) {
        open.put(alert.key, alert);
        counted(alert, 1);
    }

    private void counted(OpenAlert alert, int change) {
        openPerRule.merge(alert.rule, change, (was, by) -> was + by == 0 ? null : was + by);
    }

    private void resolve(OpenAlert alert, Instant now) {
        if (open.remove(alert.key) != null) {
            counted(alert, -1);
        }
        recentResolves.computeIfAbsent(alert.key, k -> new ArrayDeque<>()).addLast(now);
        if (writer.resolve(alert, now)) {
            resolving.add(alert);
        }
    }

    private int flapsWithinWindow(String key, Instant now) {
        ArrayDeque<Instant> times = recentResolves.get(key);
        if (times == null) {
            return 0;
        }
        prune(times, now);
        return times.size();
    }

    private void prune(ArrayDeque<Instant> times, Instant now) {
        Instant oldest = now.minus(properties.flapWindow());
        for (Iterator<Instant> it = times.iterator(); it.hasNext(); ) {
            if (it.next().isBefore(oldest)) {
                it.remove();
            }
        }
    }
}
