package io.fabricpulse.server.state;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * A round of work against the state store every interval, from start to stop, and at once on {@link #wakeUp()}.
 * Rounds never overlap (a wake-up during a round leads to one more round, not many); a failed round (the store
 * briefly unreachable) is logged and the next one retries.
 */
public final class StoreRounds implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(StoreRounds.class);

    private final String name;
    private final Supplier<Mono<Void>> round;
    private final Duration interval;
    private final Sinks.Many<Long> wakeUps = Sinks.many().multicast().directBestEffort();
    private volatile Disposable running;

    /** @param name what the rounds do, for the log */
    public StoreRounds(String name, Supplier<Mono<Void>> round, Duration interval) {
        this.name = name;
        this.round = round;
        this.interval = interval;
    }

    /** Asks for a round now; dropped when one is about to run anyway. */
    public void wakeUp() {
        wakeUps.tryEmitNext(0L);
    }

    @Override
    public void start() {
        running = Flux.merge(Flux.interval(Duration.ZERO, interval), wakeUps.asFlux())
                .onBackpressureLatest()
                .concatMap(tick -> Mono.defer(round).onErrorResume(e -> {
                    log.warn("{} round failed: {}", name, e.toString());
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
