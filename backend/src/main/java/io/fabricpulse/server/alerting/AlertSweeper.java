package io.fabricpulse.server.alerting;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The engine's timers: a sweep every {@code sweep-interval} (hysteresis, agent silence) and a
 * reconcile with the state store every {@code reconcile-interval}, the first one at startup (the
 * reload of open alerts). Reconciles run on the alert writer's thread, in order with its writes.
 */
public class AlertSweeper implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(AlertSweeper.class);

    private final AlertEngine engine;
    private final AlertReconciler reconciler;
    private final AlertWriter writer;
    private final AlertsProperties properties;
    private ScheduledExecutorService timer;

    public AlertSweeper(AlertEngine engine, AlertReconciler reconciler, AlertWriter writer,
                        AlertsProperties properties) {
        this.engine = engine;
        this.reconciler = reconciler;
        this.writer = writer;
        this.properties = properties;
    }

    @Override
    public synchronized void start() {
        if (timer != null) {
            return;
        }
        timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("fabricpulse-alert-sweep")
                .daemon().factory());
        schedule(properties.sweepInterval(), this::sweep);
        schedule(properties.reconcileInterval(), () -> writer.later(this::reconcile));
        writer.later(this::reconcile);
    }

    private void schedule(Duration every, Runnable task) {
        timer.scheduleWithFixedDelay(task, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void sweep() {
        try {
            engine.sweep();
        } catch (RuntimeException fault) {
            log.error("alert sweep failed", fault);
        }
    }

    private void reconcile() {
        try {
            reconciler.reconcile();
        } catch (RuntimeException fault) {
            log.warn("could not re-read alerts from the state store: {}", fault.toString());
        }
    }

    @Override
    public synchronized void stop() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return timer != null;
    }

    /** After the writer (phase 0) starts and before it stops. */
    @Override
    public int getPhase() {
        return 1;
    }
}
