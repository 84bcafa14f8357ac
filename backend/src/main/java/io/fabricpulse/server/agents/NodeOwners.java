package io.fabricpulse.server.agents;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
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

    /**
     * The nodes' owners, claiming for {@code agentId} those nobody has: what this server knows answers at once, the
     * rest in one call to the state store.
     */
    CompletableFuture<Map<String, String>> claimAll(List<String> nodeGuids, String agentId) {
        Instant now = clock.instant();
        Map<String, String> found = new HashMap<>();
        List<String> unknown = new ArrayList<>();
        for (String guid : nodeGuids) {
            Owner known = owners.get(guid);
            if (known != null && (known.agentId().equals(agentId) || now.isBefore(known.readAt().plus(RECHECK)))) {
                found.put(guid, known.agentId());
            } else {
                unknown.add(guid);
            }
        }
        if (unknown.isEmpty()) {
            return CompletableFuture.completedFuture(found);
        }
        return repository.claimAll(unknown, agentId, now).map(read -> {
            // One Owner per agent for the nodes it read: one per node was 16 bytes of every node.
            Map<String, Owner> byAgent = new HashMap<>();
            read.forEach((guid, owner) -> owners.put(guid, byAgent.computeIfAbsent(owner, id -> new Owner(id, now))));
            found.putAll(read);
            return found;
        }).toFuture();
    }

    /** The agent was removed: its nodes are free (the state store has dropped its claims). */
    void forget(String agentId) {
        owners.values().removeIf(owner -> owner.agentId().equals(agentId));
    }
}
