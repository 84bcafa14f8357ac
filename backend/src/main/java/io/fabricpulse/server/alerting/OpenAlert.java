package io.fabricpulse.server.alerting;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * An open alert as the engine holds it in memory, the authority for evaluation. Evidence is kept per
 * reporting end (a link has two): the alert resolves once every end that asserted the condition has
 * reported it gone and the last assertion is {@code clearAfter} old. An alert loaded from the store
 * (opened before a restart or by another replica) has no evidence here until one of its ends reports
 * to this replica, and is never resolved by this replica's timers without it.
 *
 * <p>Replicas: each one evaluates the port rules over the batches it applied, so when an agent's
 * batches are spread over replicas, their windows are shifted against each other by a batch or so, and
 * one may still see a burst that another sees gone. Once an alert is known to be shared (opened or
 * asserted by another replica, or taken in from the store), a replica resolves it only when the last
 * assertion anywhere that it knows of ({@link #assertedElsewhere}, from the store) and its own are
 * {@code clearAfter} plus the time an assertion takes to reach it through the store old; otherwise the
 * replica still seeing the burst would open a second alert right after the first resolved.
 * Mutable; guarded by the engine's lock, except the id, {@link #shared} and the acknowledgement, which
 * the writer and API actions set.
 */
final class OpenAlert {

    final String key;
    final String rule;
    final AlertSubject subject;
    final Severity severity;
    final String cluster;
    final Instant firedAt;
    final Duration clearAfter;
    final boolean flapping;
    final AlertContext context;
    private final Map<String, End> ends = new HashMap<>(2);
    volatile long id;
    volatile String ackedBy;
    volatile String ticket;
    /** An open or retry write is queued: the sweep must not queue another. */
    volatile boolean writePending;
    /**
     * Resolved here, and the resolution is queued for the store but not written: a reconcile that read the row
     * open before must not take the alert back in.
     */
    volatile boolean resolutionPending;
    /** When this replica last saw the condition hold; null if never (an alert it took in). */
    Instant assertedHere;
    /** When this replica last queued its assertion for the store (the opening counts). */
    Instant assertionQueued;
    /**
     * More than one replica is involved: another opened it first (set by the writer), asserted it (the
     * store says so), or it was taken in from the store. Only ever turns true.
     */
    volatile boolean shared;
    /** The last assertion the store knows of from any replica, as of the last reconcile; null before one. */
    Instant assertedElsewhere;
    /**
     * When this replica, which took the alert in and never saw it hold, first saw it gone and told the store it
     * judges it too; null before.
     */
    private Instant judgingSince;

    private static final class End {
        Instant lastTrue;
        boolean clearNow;
    }

    OpenAlert(String key, String rule, AlertSubject subject, Severity severity, String cluster, Instant firedAt,
              Duration clearAfter, boolean flapping, AlertContext context) {
        this.key = key;
        this.rule = rule;
        this.subject = subject;
        this.severity = severity;
        this.cluster = cluster;
        this.firedAt = firedAt;
        this.clearAfter = clearAfter;
        this.flapping = flapping;
        this.context = context;
    }

    void asserted(String end, Instant now) {
        assertedHere = now;
        End state = ends.computeIfAbsent(end, e -> new End());
        state.lastTrue = now;
        state.clearNow = false;
    }

    /** An end reports the condition gone; an end never seen asserting counts as clear since now. */
    void cleared(String end, Instant now) {
        End state = ends.computeIfAbsent(end, e -> {
            End fresh = new End();
            fresh.lastTrue = now;
            return fresh;
        });
        state.clearNow = true;
    }

    /**
     * Whether this replica, which never saw the condition hold but took the alert in (shared), judges it now
     * for the first time: the store must then mark it shared, so the replicas asserting it write their
     * assertions for this one to read. True once.
     */
    boolean judgedHereFirstTime(Instant now) {
        if (!shared || assertedHere != null || judgingSince != null || id == 0) {
            return false;
        }
        judgingSince = now;
        return true;
    }

    /** This replica's judgement is that the condition holds (some end asserted it and has not seen it gone). */
    boolean holdsHere() {
        for (End end : ends.values()) {
            if (!end.clearNow) {
                return true;
            }
        }
        return false;
    }

    /**
     * What the store says on a reconcile: the last assertion any replica stored (its firing if none),
     * and whether a replica other than the opener has asserted it.
     */
    void storedAssertion(Instant at, boolean sharedInStore) {
        assertedElsewhere = at;
        if (sharedInStore) {
            shared = true;
        }
    }

    /**
     * Whether this replica's assertion at {@code now} should go to the store for the other replicas: only
     * for a shared alert the store knows (it has an id), at most once per {@code every}; marks it queued.
     */
    boolean assertionToStore(Instant now, Duration every) {
        if (id == 0 || !shared || (assertionQueued != null && now.isBefore(assertionQueued.plus(every)))) {
            return false;
        }
        assertionQueued = now;
        return true;
    }

    /**
     * Every end with evidence is clear and the last assertion is {@code clearAfter} behind {@code now};
     * for a shared alert, the last assertion of any replica that this one knows of is also {@code clearAfter}
     * plus {@code reach} behind, and, when this replica took the alert in without ever seeing it hold, its own
     * first judgement is {@code clearAfter} plus twice {@code reach} behind.
     *
     * @param reach how long another replica's assertion may take to reach this one through the store
     */
    boolean resolvableAt(Instant now, Duration reach) {
        if (ends.isEmpty()) {
            return false;
        }
        Instant last = Instant.MIN;
        for (End end : ends.values()) {
            if (!end.clearNow) {
                return false;
            }
            last = end.lastTrue.isAfter(last) ? end.lastTrue : last;
        }
        if (now.isBefore(last.plus(clearAfter))) {
            return false;
        }
        if (shared) {
            // Also a condition another feature raises (SM, topology, agent silence): replicas judge it each on
            // its own picture, and one that just started (or took the alert in) may see gone what another still
            // sees; had it resolved, the other would open the alert again at once.
            Instant anywhere = latest(assertedHere, assertedElsewhere);
            if (anywhere != null && now.isBefore(anywhere.plus(clearAfter).plus(reach))) {
                return false;
            }
            // A round trip: this replica's mark reaches the replicas asserting it, their assertions come back.
            return judgingSince == null || !now.isBefore(judgingSince.plus(clearAfter).plus(reach.multipliedBy(2)));
        }
        return true;
    }

    private static Instant latest(Instant a, Instant b) {
        return a == null ? b : b == null || a.isAfter(b) ? a : b;
    }

    AlertEvent event(AlertEventKind kind, Instant at, String actor, String text) {
        return new AlertEvent(kind, id, rule, severity, subject.scope(), subject.key(), cluster, context, firedAt, at,
                actor, ticket, ackedBy, text);
    }
}
