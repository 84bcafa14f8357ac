package io.fabricpulse.server.notify.outbox;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import java.time.Duration;

/**
 * Runs the dispatcher while the server runs: every poll interval, and at once when something is
 * queued. Rounds never overlap; a wake-up during a round leads to one more round, not many.
 */
public final class OutboxLoop implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(OutboxLoop.class);

    private final OutboxDispatcher dispatcher;
    private final Duration pollInterval;
    private final Sinks.Many<Long> wakeUps = Sinks.many().multicast().directBestEffort();
    private volatile Disposable running;

    public OutboxLoop(OutboxDispatcher dispatcher, Duration pollInterval) {
        this.dispatcher = dispatcher;
        this.pollInterval = pollInterval;
    }

    /** Asks for a round now; dropped when one is about to run anyway. */
    public void wakeUp() {
        wakeUps.tryEmitNext(0L);
    }

    @Override
    public void start() {
        running = Flux.merge(Flux.interval(pollInterval), wakeUps.asFlux())
                .onBackpressureLatest()
                .concatMap(tick -> dispatcher.dispatchDue().onErrorResume(e -> {
                    // The state store may be briefly unreachable; the rows wait, the next round retries.
                    log.warn("Notification outbox round failed: {}", e.toString());
                    return Mono.empty();
                }), 1)
                .subscribe();
    }

    @Override
    public void stop() {
        Disposable current = running;
        if (current != null) {
            current.dispose();
        }
        running = null;
    }

    @Override
    public boolean isRunning() {
        return running != null;
    }
}
