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
 * Mutable; guarded by the engine's lock, except the id and acknowledgement, which the writer and API
 * actions set.
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

    /** Every end with evidence is clear and the last assertion is {@code clearAfter} behind {@code now}. */
    boolean resolvableAt(Instant now) {
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
        return !now.isBefore(last.plus(clearAfter));
    }

    AlertEvent event(AlertEventKind kind, Instant at, String actor, String text) {
        return new AlertEvent(kind, id, rule, severity, subject.scope(), subject.key(), cluster, context, firedAt, at,
                actor, ticket, ackedBy, text);
    }
}
