package io.fabricpulse.server.ingest.poll;

import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import org.springframework.context.SmartLifecycle;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agents' open long-polls on this server, at most one per agent (a new one ends the older), and what their
 * closing says: an agent whose side closed its poll (its process ended, and the kernel closed the socket) and that
 * opened none again within {@code grace} has gone, announced on {@link #departures()} at once instead of after its
 * pushes stayed away for intervals. This server's own stop ends every poll and announces nobody.
 */
public final class AgentPolls implements SmartLifecycle {

    /** Why a held poll is looked at again. */
    enum Tick { FIRST, WAKE, END }

    /** One held poll: its wake-ups. */
    public static final class Poll {

        private final String agentId;
        private final Sinks.Many<Tick> ticks = Sinks.many().unicast().onBackpressureBuffer();

        private Poll(String agentId) {
            this.agentId = agentId;
        }

        String agentId() {
            return agentId;
        }

        /** Wake-ups; {@link Tick#END} asks for an answer now whatever there is (a newer poll, the server stops). */
        Flux<Tick> ticks() {
            return ticks.asFlux();
        }

        private synchronized void emit(Tick tick) {
            ticks.tryEmitNext(tick);
        }
    }

    private final AgentPollProperties properties;
    private final Clock clock;
    private final Map<String, Poll> held = new ConcurrentHashMap<>();
    /** Agents whose side closed their poll, and when: gone unless they poll again within the grace. */
    private final Map<String, Instant> closed = new ConcurrentHashMap<>();
    private final Sinks.Many<String> departures = Sinks.many().multicast().directBestEffort();
    private volatile boolean running;

    public AgentPolls(AgentPollProperties properties, Clock clock) {
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * Holds a poll for {@code agentId}, ending the one it held before (a reconnect, or a burst: one is held per agent).
     *
     * @throws ProblemException 429 when this server holds {@code max-held} polls, 503 while it stops
     */
    public Poll open(String agentId) {
        if (!running) {
            throw new ProblemException(ProblemType.UNAVAILABLE, "this server is stopping");
        }
        if (held.size() >= properties.maxHeld() && !held.containsKey(agentId)) {
            throw new ProblemException(ProblemType.TOO_MANY_REQUESTS, "this server holds " + held.size()
                    + " polls, its limit: the agent's orders come with its push answers meanwhile");
        }
        Poll poll = new Poll(agentId);
        closed.remove(agentId);
        Poll older = held.put(agentId, poll);
        if (older != null) {
            older.emit(Tick.END);
        }
        return poll;
    }

    /**
     * A poll ended: answered ({@code clientGone} false), or its connection closed under it. Closed by the agent's
     * side, while this server runs, the agent has gone unless it polls again within the grace.
     */
    public void ended(Poll poll, boolean clientGone) {
        if (!held.remove(poll.agentId(), poll) || !clientGone || !running) {
            return;
        }
        closed.put(poll.agentId(), clock.instant());
        Mono.delay(properties.grace().plusMillis(50)).subscribe(tick -> announceDepartures());
    }

    /** Announces every agent whose poll closed longer than the grace ago and that holds none again. */
    public void announceDepartures() {
        Instant now = clock.instant();
        closed.forEach((agentId, at) -> {
            if (!at.plus(properties.grace()).isAfter(now) && closed.remove(agentId, at) && !held.containsKey(agentId)
                    && running) {
                departures.tryEmitNext(agentId);
            }
        });
    }

    /** The agents that have gone, each as this server noticed it. */
    public Flux<String> departures() {
        return departures.asFlux();
    }

    /** The agents holding a poll here now: alive, whenever they last pushed. */
    public Set<String> holding() {
        return Set.copyOf(held.keySet());
    }

    /** Has {@code agentId}'s poll look again whether there is something new for it. */
    public void wake(String agentId) {
        Poll poll = held.get(agentId);
        if (poll != null) {
            poll.emit(Tick.WAKE);
        }
    }

    /** Has every held poll look again. */
    public void wakeAll() {
        held.values().forEach(poll -> poll.emit(Tick.WAKE));
    }

    @Override
    public void start() {
        running = true;
    }

    /** Before the web server stops: every poll is answered now, and no closing counts as a departure. */
    @Override
    public void stop() {
        running = false;
        closed.clear();
        held.values().forEach(poll -> poll.emit(Tick.END));
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
