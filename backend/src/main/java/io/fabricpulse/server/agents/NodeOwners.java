package io.fabricpulse.server.agents;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which agent each host's own node belongs to: the state store's claims ({@link AgentRepository}), read
 * once per node and kept. A node first reported with its ports is claimed by that agent. An owner found
 * for another agent is read again before it refuses a batch when it is older than {@link #RECHECK}, so a
 * node an admin freed on another replica is free here soon too, while an agent refused every poll costs
 * one query per interval, not one per batch.
 */
final class NodeOwners {

    static final Duration RECHECK = Duration.ofSeconds(30);

    private record Owner(String agentId, Instant readAt) {
    }

    private final AgentRepository repository;
    private final Clock clock;
    private final Map<String, Owner> owners = new ConcurrentHashMap<>();

    NodeOwners(AgentRepository repository, Clock clock) {
        this.repository = repository;
        this.clock = clock;
    }

    /** The node's owner, claiming it for {@code agentId} when nobody has it. */
    CompletableFuture<String> claim(String nodeGuid, String agentId) {
        Instant now = clock.instant();
        Owner known = owners.get(nodeGuid);
        if (known != null && (known.agentId().equals(agentId) || now.isBefore(known.readAt().plus(RECHECK)))) {
            return CompletableFuture.completedFuture(known.agentId());
        }
        return repository.claim(nodeGuid, agentId, now)
                .doOnNext(owner -> owners.put(nodeGuid, new Owner(owner, now)))
                .toFuture();
    }

    /** The agent was removed: its nodes are free (the state store has dropped its claims). */
    void forget(String agentId) {
        owners.values().removeIf(owner -> owner.agentId().equals(agentId));
    }
}
