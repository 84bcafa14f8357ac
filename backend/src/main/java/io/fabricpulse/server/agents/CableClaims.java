package io.fabricpulse.server.agents;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which node agent's cable reaches each switch port, as the agents said in their latest batches: a port
 * claimed by one agent within {@code ttl} is refused to another, so a host cannot name somebody else's
 * switch port as its own cable's far end and report its counters. A claim moves with the cable: an agent
 * that names another far end for its port no longer holds the old one once its claim ages out, and a
 * forgotten agent's claims go at once. Memory: one entry per cabled host port. Thread-safe.
 */
final class CableClaims {

    /** The far end of a host's cable: a switch port (or, cabled back to back, another host's port). */
    record CableEnd(String nodeGuid, int port) {

        @Override
        public String toString() {
            return "port " + port + " of " + nodeGuid;
        }
    }

    private record Claim(String agentId, Instant at) {
    }

    private final Map<CableEnd, Claim> claims = new ConcurrentHashMap<>();
    private final Duration ttl;

    CableClaims(Duration ttl) {
        this.ttl = ttl;
    }

    /** The agent that holds {@code port} now, when it is another than {@code agentId}; else null. */
    String heldByAnother(String agentId, CableEnd port, Instant now) {
        Claim claim = claims.get(port);
        return claim != null && !claim.agentId().equals(agentId) && now.isBefore(claim.at().plus(ttl))
                ? claim.agentId() : null;
    }

    void claim(String agentId, Collection<CableEnd> ports, Instant now) {
        Claim claim = new Claim(agentId, now);
        for (CableEnd port : ports) {
            claims.put(port, claim);
        }
    }

    void forget(String agentId) {
        claims.values().removeIf(claim -> claim.agentId().equals(agentId));
    }

    /** Drops claims older than the ttl, which no longer hold anything. */
    void expire(Instant now) {
        claims.values().removeIf(claim -> !now.isBefore(claim.at().plus(ttl)));
    }
}
