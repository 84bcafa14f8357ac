package io.fabricpulse.server.agents;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Once a minute, forgets the agents not heard of for {@code forget-after} (their replay windows, reported
 * nodes, cable claims) and the cable claims that aged out: per-agent memory stays bounded by the agents
 * that are really there. What they own in the state store stays theirs.
 */
final class AgentForgetting implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(AgentForgetting.class);
    private static final Duration EVERY = Duration.ofMinutes(1);

    private final AgentRoster roster;
    private final CableClaims cables;
    private final AgentDirectory directory;
    private final Duration forgetAfter;
    private final Clock clock;
    private ScheduledExecutorService timer;

    AgentForgetting(AgentRoster roster, CableClaims cables, AgentDirectory directory, Duration forgetAfter, Clock clock) {
        this.roster = roster;
        this.cables = cables;
        this.directory = directory;
        this.forgetAfter = forgetAfter;
        this.clock = clock;
    }

    /** One round; public to the package so tests run it on their clock. */
    void forgetSilentAgents() {
        Instant now = clock.instant();
        List<String> silent = roster.silentSince(now.minus(forgetAfter));
        silent.forEach(directory::forget);
        cables.expire(now);
        if (!silent.isEmpty()) {
            log.info("forgot {} agent(s) not heard of for {}: {}", silent.size(), forgetAfter,
                    silent.size() <= 10 ? silent : silent.subList(0, 10) + " and more");
        }
    }

    @Override
    public synchronized void start() {
        if (timer == null) {
            timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("fabricpulse-agent-forget")
                    .daemon().factory());
            timer.scheduleWithFixedDelay(() -> {
                try {
                    forgetSilentAgents();
                } catch (RuntimeException fault) {
                    log.warn("could not forget silent agents: {}", fault.toString());
                }
            }, EVERY.toMillis(), EVERY.toMillis(), TimeUnit.MILLISECONDS);
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
}
