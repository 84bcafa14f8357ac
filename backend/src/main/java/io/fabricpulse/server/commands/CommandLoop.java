package io.fabricpulse.server.commands;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;

/** Every poll interval: expire overdue orders, then read the queued ones again. Rounds never overlap. */
final class CommandLoop implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(CommandLoop.class);

    private final PortCommands commands;
    private final Duration interval;
    private volatile Disposable running;

    CommandLoop(PortCommands commands, Duration interval) {
        this.commands = commands;
        this.interval = interval;
    }

    @Override
    public void start() {
        running = Flux.interval(Duration.ZERO, interval)
                .onBackpressureDrop()
                .concatMap(tick -> commands.expireOverdue().then(commands.refresh()).onErrorResume(e -> {
                    // The state store may be briefly unreachable: the orders wait, the next round retries.
                    log.warn("agent command round failed: {}", e.toString());
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
