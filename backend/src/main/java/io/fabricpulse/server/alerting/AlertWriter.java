package io.fabricpulse.server.alerting;

import io.fabricpulse.server.alerting.store.AlertEventRow;
import io.fabricpulse.server.alerting.store.AlertRepository;
import io.fabricpulse.server.alerting.store.AlertRow;
import io.fabricpulse.server.state.BackgroundWriter;
import io.fabricpulse.server.state.WritesInBackground;
import io.fabricpulse.server.system.ReplicaName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import tools.jackson.databind.json.JsonMapper;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Writes alert transitions to the state store behind the engine's back, on one thread of its own,
 * in order, and announces each one after it is stored: ingest never waits for the database, and a
 * listener never hears of an alert the store does not have. Opening an alert another replica opened
 * first (the UNIQUE open key) adopts that alert's id silently: one alert, one announcement.
 */
public class AlertWriter implements WritesInBackground {

    private static final Logger log = LoggerFactory.getLogger(AlertWriter.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    static final String SYSTEM = "system";

    private final AlertRepository alerts;
    private final AlertEventPublisher publisher;
    private final JsonMapper json;
    private final BackgroundWriter<Runnable> queue;
    private final ReplicaName replica;

    /** A writer for a replica of its own (tests: each writer is one replica). */
    public AlertWriter(AlertRepository alerts, AlertEventPublisher publisher, JsonMapper json, int capacity) {
        this(alerts, publisher, json, capacity, ReplicaName.ofThisProcess());
    }

    /** @param replica this server's name, written with its assertions */
    public AlertWriter(AlertRepository alerts, AlertEventPublisher publisher, JsonMapper json, int capacity,
                       ReplicaName replica) {
        this.alerts = alerts;
        this.publisher = publisher;
        this.json = json;
        this.replica = replica;
        this.queue = new BackgroundWriter<>("fabricpulse-alert-writer", capacity, AlertWriter::runAll);
    }

    /** Queues the opening; false when the queue is full (the engine's sweep tries again). */
    boolean open(OpenAlert alert) {
        alert.writePending = true; // before the offer: the writer may run the task, and clear it, at once
        boolean queued = queue.offer(() -> store(alert));
        if (!queued) {
            alert.writePending = false;
        }
        return queued;
    }

    /**
     * Queues "this replica saw the condition hold at {@code at}" for the other replicas; when the queue is
     * full it is skipped: the next assertion brings it.
     */
    void asserted(OpenAlert alert, Instant at) {
        if (!queue.offer(() -> alerts.asserted(alert.id, at, replica.value()).block(TIMEOUT))) {
            log.debug("alert write queue full: assertion of alert {} at {} skipped", alert.id, at);
        }
    }

    /**
     * Queues "this replica judges the alert too" (it took the alert in and sees it gone): marks it shared, so
     * the replicas asserting it write their assertions; moves no assertion time (the firing's is the oldest).
     */
    void judging(OpenAlert alert) {
        if (!queue.offer(() -> alerts.asserted(alert.id, alert.firedAt, replica.value()).block(TIMEOUT))) {
            log.debug("alert write queue full: alert {} is not marked shared by this replica for now", alert.id);
        }
    }

    /**
     * Queues the resolution of an alert the engine no longer holds; false when the queue is full (the next
     * reconcile takes the alert back in, and it resolves again).
     */
    boolean resolve(OpenAlert alert, Instant at) {
        alert.resolutionPending = true; // before the offer: the writer may run the task, and clear it, at once
        boolean queued = queue.offer(() -> storeResolution(alert, at));
        if (!queued) {
            alert.resolutionPending = false;
            log.error("alert write queue full: resolution of alert {} ({}) is lost until the next reconcile",
                    alert.id, alert.key);
        }
        return queued;
    }

    /** Queues any work that must run in order with the writes, off the event loop (re-reading the store). */
    boolean later(Runnable task) {
        return queue.offer(task);
    }

    /** Runs what is queued now, on the calling thread (the worker's step; tests call it directly). */
    public int flush() {
        return queue.flush();
    }

    private void store(OpenAlert alert) {
        try {
            AlertRow row = new AlertRow(0, alert.key, alert.rule, alert.severity.name(), alert.subject.scope().name(),
                    alert.subject.nodeGuid(), alert.subject.peerGuid(), alert.cluster, alert.context.summary(),
                    json.writeValueAsString(alert.context), alert.firedAt, null, null, null, null, null,
                    alert.flapping);
            try {
                alert.id = alerts.open(row, replica.value()).block(TIMEOUT).id();
            } catch (DataIntegrityViolationException openElsewhere) {
                AlertRow existing = alerts.findOpen(alert.key).block(TIMEOUT);
                if (existing == null) {
                    throw openElsewhere;
                }
                alert.id = existing.id();
                alert.shared = true;
                alert.ackedBy = existing.ackedBy();
                alert.ticket = existing.ticket();
                // Tells the opener at once that another replica sees the condition too (the alert is shared).
                alerts.asserted(existing.id(), alert.firedAt, replica.value()).block(TIMEOUT);
                log.debug("alert {} is open already (another replica): adopted id {}", alert.key, existing.id());
                return;
            }
            alerts.appendEvent(new AlertEventRow(0, alert.id, alert.firedAt, AlertEventKind.FIRED.name(), SYSTEM,
                    alert.context.summary())).block(TIMEOUT);
            publisher.publish(alert.event(AlertEventKind.FIRED, alert.firedAt, SYSTEM, null));
        } finally {
            alert.writePending = false;
        }
    }

    private void storeResolution(OpenAlert alert, Instant at) {
        try {
            if (alert.id != 0 && Boolean.TRUE.equals(alerts.resolve(alert.id, at, SYSTEM).block(TIMEOUT))) {
                alerts.appendEvent(new AlertEventRow(0, alert.id, at, AlertEventKind.RESOLVED.name(), SYSTEM,
                        "condition gone for " + alert.clearAfter.toSeconds() + "s")).block(TIMEOUT);
                publisher.publish(alert.event(AlertEventKind.RESOLVED, at, SYSTEM, null));
            }
        } finally {
            // Written or failed: from now on the store's word holds (a failed resolution is taken back in).
            alert.resolutionPending = false;
        }
    }

    /** Each task on its own: one that fails is logged, the next still runs. */
    private static int runAll(List<Runnable> tasks) {
        for (Runnable task : tasks) {
            try {
                task.run();
            } catch (RuntimeException fault) {
                log.error("alert state write failed: {}", fault.toString(), fault);
            }
        }
        return tasks.size();
    }

    @Override
    public BackgroundWriter<?> backgroundWriter() {
        return queue;
    }
}
