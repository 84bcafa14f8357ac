package io.fabricpulse.server.commands;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.ingest.AgentRole;

import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Which agent can execute an order for a node's ports, as this replica last heard: the agent that reported the
 * node's counters, for a switch only a discover agent (a node agent reads the switch port across its cable too,
 * but the issue gives switch ports to the agents that sweep them). One entry per node, not per port: a discover
 * agent sweeps all cabled ports of a switch.
 *
 * <p>A shared token may report as any role, so for it an agent id counts as discover once one of its batches
 * carried a fabric walk. Kept in memory per replica: a replica that never heard the agent answers 409 for its
 * ports until the agent's next push reaches it.
 */
final class CommandReach {

    /** LIDs are 16 bits. */
    private static final int LIDS = 1 << 16;

    record Reach(String agentId, Instant seenAt) {
    }

    private final Map<String, Reach> caAgents = new ConcurrentHashMap<>();
    private final Map<String, Reach> switchAgents = new ConcurrentHashMap<>();
    private final Map<String, Instant> walkers = new ConcurrentHashMap<>();
    /**
     * Host ports by LID, as any batch named them (a walk reports every host it found): where an SM's LID is. An array
     * of every LID (256 KB) rather than a map: an entry, a key and a port each were ~70 bytes of every host port.
     */
    private final AtomicReferenceArray<PortRef> hostPortsByLid = new AtomicReferenceArray<>(LIDS);

    /** Notes what {@code batch} shows {@code credential}'s agent reaches. */
    void heard(IngestBatch batch, AgentCredential credential, Instant now) {
        String agentId = batch.agentId();
        if (batch.discovery() != null) {
            walkers.put(agentId, now);
        }
        boolean discovers = discovers(credential, agentId);
        Reach reach = new Reach(agentId, now);
        indexHostLids(batch);
        for (NodeReport node : batch.nodes()) {
            if (!hasCounters(node)) {
                continue;
            }
            if (node.type() == NodeType.SWITCH) {
                if (discovers) {
                    switchAgents.put(node.guid(), reach);
                }
            } else {
                caAgents.put(node.guid(), reach);
            }
        }
    }

    /** Whether {@code agentId} may take an order for {@code role}'s ports, on {@code credential}. */
    boolean mayExecute(AgentCredential credential, String agentId, AgentRole role) {
        return role == AgentRole.NODE ? credential.may(AgentRole.NODE) : discovers(credential, agentId);
    }

    /** The agent last seen reporting the node with counters, able to execute {@code role}'s orders. */
    Optional<Reach> agentFor(String nodeGuid, AgentRole role) {
        return Optional.ofNullable(role == AgentRole.DISCOVER ? switchAgents.get(nodeGuid) : caAgents.get(nodeGuid));
    }

    /**
     * Host ports by LID: a host's own report has them, a walk names hosts by identity and their LIDs at the switch
     * ends of their cables (the peer's LID).
     */
    private void indexHostLids(IngestBatch batch) {
        Set<String> hosts = new HashSet<>();
        for (NodeReport node : batch.nodes()) {
            if (node.type() != NodeType.SWITCH) {
                hosts.add(node.guid());
                for (PortReport port : node.ports()) {
                    if (port.lid() > 0) {
                        hostPortAt(port.lid(), node.guid(), port.portNumber());
                    }
                }
            }
        }
        for (NodeReport node : batch.nodes()) {
            for (PortReport port : node.ports()) {
                PeerPort peer = port.peer();
                if (peer != null && peer.lid() != null && peer.lid() > 0 && hosts.contains(peer.nodeGuid())) {
                    hostPortAt(peer.lid(), peer.nodeGuid(), peer.portNumber());
                }
            }
        }
    }

    /**
     * Notes the host port at {@code lid}. The entry is replaced only when it names another port: one made per batch
     * kept each batch's own copy of the GUID text alive.
     */
    private void hostPortAt(int lid, String nodeGuid, int portNumber) {
        if (lid >= LIDS) {
            return; // not a LID: the ingest validation refuses such batches
        }
        PortRef known = hostPortsByLid.get(lid);
        if (known == null || known.portNumber() != portNumber || !known.nodeGuid().equals(nodeGuid)) {
            hostPortsByLid.set(lid, new PortRef(nodeGuid, portNumber));
        }
    }

    /** The host port at {@code lid}, as the latest batch that named it said. */
    Optional<PortRef> hostPortAt(int lid) {
        return lid > 0 && lid < LIDS ? Optional.ofNullable(hostPortsByLid.get(lid)) : Optional.empty();
    }

    private boolean discovers(AgentCredential credential, String agentId) {
        if (!credential.may(AgentRole.DISCOVER)) {
            return false;
        }
        return credential.kind() == AgentCredential.Kind.AGENT || walkers.containsKey(agentId);
    }

    private static boolean hasCounters(NodeReport node) {
        for (PortReport port : node.ports()) {
            if (port.counters() != null && !port.counters().isEmpty()) {
                return true;
            }
        }
        return false;
    }
}
