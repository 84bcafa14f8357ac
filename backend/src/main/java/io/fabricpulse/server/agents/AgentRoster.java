package io.fabricpulse.server.agents;

import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.server.system.ClockTimeMeter;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one server remembers of each agent it let in: the distinct nodes it reported (bounded per agent)
 * and when it was last heard of. Bounded as a whole ({@code max-agents}), and new agent ids come in at
 * most at {@code new-agents-per-minute} (a token bucket: a burst of as many, then one every
 * 60/n seconds), so made-up agent ids cannot grow the server's memory. Thread-safe.
 */
final class AgentRoster {

    private static final class Memory {
        final Set<String> nodes = new HashSet<>();
        volatile Instant lastSeen;

        Memory(Instant now) {
            this.lastSeen = now;
        }
    }

    private final Map<String, Memory> agents = new ConcurrentHashMap<>();
    private final Bucket newAgents;
    private final int maxAgents;
    private final Clock clock;

    AgentRoster(AgentsProperties properties, Clock clock) {
        this.maxAgents = properties.maxAgents();
        this.clock = clock;
        int perMinute = properties.newAgentsPerMinute();
        this.newAgents = Bucket.builder()
                .addLimit(limit -> limit.capacity(perMinute).refillGreedy(perMinute, Duration.ofMinutes(1)))
                .withCustomTimePrecision(new ClockTimeMeter(clock))
                .build();
    }

    boolean remembers(String agentId) {
        return agents.containsKey(agentId);
    }

    /**
     * Takes one new agent id from the budget.
     *
     * @return zero when it may come in, else how long until the budget has room again
     */
    Duration admitNew() {
        if (agents.size() >= maxAgents) {
            return Duration.ofMinutes(1);
        }
        ConsumptionProbe probe = newAgents.tryConsumeAndReturnRemaining(1);
        return probe.isConsumed() ? Duration.ZERO : Duration.ofNanos(probe.getNanosToWaitForRefill());
    }

    /** Whether the whole roster is full: no room even for an agent id stored before. */
    boolean full() {
        return agents.size() >= maxAgents;
    }

    /** Remembers an agent (known from the state store, or just admitted). */
    void remember(String agentId) {
        agents.computeIfAbsent(agentId, id -> new Memory(clock.instant()));
    }

    /**
     * The index of the first node of {@code nodes} that would take the agent past {@code limit} distinct
     * nodes, or -1 when all fit.
     */
    int firstOverLimit(String agentId, List<NodeReport> nodes, int limit) {
        Memory memory = agents.get(agentId);
        Set<String> known = memory == null ? Set.of() : memory.nodes;
        synchronized (memory == null ? this : memory) {
            int distinct = known.size();
            Set<String> added = new HashSet<>();
            for (int i = 0; i < nodes.size(); i++) {
                String guid = nodes.get(i).guid();
                if (!known.contains(guid) && added.add(guid) && ++distinct > limit) {
                    return i;
                }
            }
            return -1;
        }
    }

    /** Records an admitted batch: its nodes, and that the agent was heard of now. */
    void record(String agentId, List<NodeReport> nodes, Instant now) {
        Memory memory = agents.computeIfAbsent(agentId, id -> new Memory(now));
        synchronized (memory) {
            for (NodeReport node : nodes) {
                memory.nodes.add(node.guid());
            }
        }
        memory.lastSeen = now;
    }

    /** Forgets the agent. @return whether it was remembered */
    boolean forget(String agentId) {
        return agents.remove(agentId) != null;
    }

    /** The agents not heard of since {@code cutoff}. */
    List<String> silentSince(Instant cutoff) {
        List<String> silent = new ArrayList<>();
        agents.forEach((id, memory) -> {
            if (memory.lastSeen.isBefore(cutoff)) {
                silent.add(id);
            }
        });
        return silent;
    }

    /** When the agent was last heard of by this server; null when it is not remembered. */
    Instant lastSeen(String agentId) {
        Memory memory = agents.get(agentId);
        return memory == null ? null : memory.lastSeen;
    }

    int size() {
        return agents.size();
    }
}
