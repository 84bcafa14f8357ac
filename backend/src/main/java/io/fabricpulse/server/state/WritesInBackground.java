package io.fabricpulse.server.state;

import org.springframework.context.SmartLifecycle;

import java.time.Duration;

/**
 * A component whose writes go through one {@link BackgroundWriter}: its lifecycle is that writer's thread.
 * Phase 0: it starts before and stops after the web server, the ingest pipeline and the demo agent (higher
 * phases), so what they hand over while shutting down is still written; the connection pool closes only after
 * every lifecycle has stopped.
 */
public interface WritesInBackground extends SmartLifecycle {

    /** How long a stop waits for the batch in hand before the rest is written on the stopping thread. */
    Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    /** The writer whose thread starts and stops with this component. */
    BackgroundWriter<?> backgroundWriter();

    @Override
    default void start() {
        backgroundWriter().start();
    }

    @Override
    default void stop() {
        backgroundWriter().stop(STOP_TIMEOUT);
    }

    @Override
    default boolean isRunning() {
        return backgroundWriter().isRunning();
    }

    @Override
    default int getPhase() {
        return 0;
    }
}
