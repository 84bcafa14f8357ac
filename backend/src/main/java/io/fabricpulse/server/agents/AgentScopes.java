package io.fabricpulse.server.agents;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.ingest.AgentCredential;
import io.fabricpulse.server.ingest.AgentRefusedException;
import io.fabricpulse.server.ingest.AgentRole;
import io.fabricpulse.server.ingest.BatchAdmission;
import io.fabricpulse.server.problem.RetryLaterException;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * What an agent may report, checked on every batch before anything of it is applied:
 * <ul>
 *   <li><b>its own agent id</b>: a per-agent credential names one agent; the shared token names any;</li>
 *   <li><b>its own nodes</b>: a host's node reported with its ports (an HCA) belongs to the first agent that
 *       reported it ({@link NodeOwners}); another agent reporting it is refused, whatever its time stamps;</li>
 *   <li><b>their cable peers</b>: a node agent may report a switch only on the ports its own ports name as
 *       their far end, and only while no other agent's cable claims that port ({@link CableClaims});</li>
 *   <li><b>a discover agent</b> (and the shared token, for small sites) also the switches of the fabric it
 *       walks, and other hosts' nodes by identity only, never their counters;</li>
 *   <li><b>bounds</b>: distinct nodes per agent, new agent ids per minute, agents remembered
 *       ({@link AgentRoster}).</li>
 * </ul>
 * A refusal is 403 naming the place in the batch and the GUID, and is audited ({@link AgentRefusals});
 * too many new agents is 429 with Retry-After. The cost is per node, plus a node agent's few cable ports.
 */
public final class AgentScopes implements BatchAdmission {

    private final AgentRoster roster;
    private final NodeOwners owners;
    private final CableClaims cables;
    private final AgentRefusals refusals;
    private final AgentRepository agents;
    private final AgentsProperties properties;
    private final Clock clock;

    AgentScopes(AgentRoster roster, NodeOwners owners, CableClaims cables, AgentRefusals refusals,
                AgentRepository agents, AgentsProperties properties, Clock clock) {
        this.roster = roster;
        this.owners = owners;
        this.cables = cables;
        this.refusals = refusals;
        this.agents = agents;
        this.properties = properties;
        this.clock = clock;
    }

    /** One refused place of a batch. */
    private record Refusal(String where, String reason) {
    }

    /** What a batch claims: the indexes of its own nodes, and the switch ports its own cables reach. */
    private record Claims(List<Integer> ownNodes, Set<CableClaims.CableEnd> cableEnds, Refusal refusal) {
    }

    @Override
    public CompletableFuture<Void> admit(IngestBatch batch, AgentCredential credential) {
        if (credential.kind() == AgentCredential.Kind.IN_PROCESS) {
            return CompletableFuture.completedFuture(null);
        }
        String agent = batch.agentId();
        if (credential.kind() == AgentCredential.Kind.BOOTSTRAP) {
            return refuse(credential, agent, new Refusal("", "a bootstrap token only enrols agents "
                    + "(POST /api/v1/agents/enrol); push with the credential enrolment gave"));
        }
        if (credential.kind() == AgentCredential.Kind.AGENT && !agent.equals(credential.agentId())) {
            return refuse(credential, agent, new Refusal("agentId", "this credential is agent '" + credential.agentId()
                    + "''s; the batch names agent '" + agent + "'"));
        }
        boolean discover = credential.may(AgentRole.DISCOVER);
        Claims claims = claims(batch, agent, discover);
        if (claims.refusal() != null) {
            return refuse(credential, agent, claims.refusal());
        }
        int limit = discover ? properties.maxNodesPerDiscoverAgent() : properties.maxNodesPerAgent();
        int over = roster.firstOverLimit(agent, batch.nodes(), limit);
        if (over >= 0) {
            return refuse(credential, agent, new Refusal("nodes[" + over + "].guid", "node "
                    + batch.nodes().get(over).guid() + " would be the " + (limit + 1) + "th distinct node agent '" + agent
                    + "' reports; at most " + limit + " (fabricpulse.agents." + (discover
                    ? "max-nodes-per-discover-agent" : "max-nodes-per-agent") + ")"));
        }
        Instant now = clock.instant();
        if (!discover) {
            for (CableClaims.CableEnd end : claims.cableEnds()) {
                String holder = cables.heldByAnother(agent, end, now);
                if (holder != null) {
                    return refuse(credential, agent, new Refusal("nodes", end + " is the far end of a cable of agent '"
                            + holder + "', not of agent '" + agent + "'"));
                }
            }
        }
        return known(agent).thenCompose(ignored -> owned(batch, claims.ownNodes(), agent))
                .thenCompose(refusal -> {
                    if (refusal != null) {
                        return refuse(credential, agent, refusal);
                    }
                    roster.record(agent, batch.nodes(), now);
                    if (!discover) {
                        cables.claim(agent, claims.cableEnds(), now);
                    }
                    return CompletableFuture.completedFuture(null);
                });
    }

    /** The agent is one this server remembers or the state store knows; else it takes one from the budget of new ones. */
    private CompletableFuture<Void> known(String agent) {
        if (roster.remembers(agent)) {
            return CompletableFuture.completedFuture(null);
        }
        if (roster.full()) {
            return CompletableFuture.failedFuture(new RetryLaterException("the server remembers "
                    + properties.maxAgents() + " agents already (fabricpulse.agents.max-agents)", Duration.ofMinutes(1)));
        }
        return agents.exists(agent).toFuture().thenCompose(stored -> {
            if (!stored) {
                Duration wait = roster.admitNew();
                if (!wait.isZero()) {
                    return CompletableFuture.failedFuture(new RetryLaterException("too many new agents at once: at most "
                            + properties.newAgentsPerMinute() + " a minute (fabricpulse.agents.new-agents-per-minute); "
                            + "this batch waits in the agent's spool", wait));
                }
                return agents.register(agent, clock.instant()).toFuture().thenRun(() -> roster.remember(agent));
            }
            roster.remember(agent);
            return CompletableFuture.completedFuture(null);
        });
    }

    /** Claims the agent's own nodes; the first one another agent owns, as a refusal, or null. */
    private CompletableFuture<Refusal> owned(IngestBatch batch, List<Integer> ownNodes, String agent) {
        List<String> guids = new ArrayList<>(ownNodes.size());
        for (int index : ownNodes) {
            guids.add(batch.nodes().get(index).guid());
        }
        return owners.claimAll(guids, agent).thenApply(owner -> {
            for (int i = 0; i < ownNodes.size(); i++) {
                String guid = guids.get(i);
                if (!agent.equals(owner.get(guid))) {
                    return new Refusal("nodes[" + ownNodes.get(i) + "].guid", "node " + guid + " is agent '"
                            + owner.get(guid) + "''s own, not agent '" + agent + "''s");
                }
            }
            return null;
        });
    }

    /**
     * The batch's own nodes (hosts' nodes with their ports; for a node agent every host node) and the switch
     * ports their cables reach; a refusal when a node agent reports a switch port no cable of its reaches, or
     * a host's node without being allowed to.
     */
    private static Claims claims(IngestBatch batch, String agent, boolean discover) {
        List<NodeReport> nodes = batch.nodes();
        List<Integer> own = new ArrayList<>();
        Set<String> ownGuids = new HashSet<>();
        Set<CableClaims.CableEnd> ends = new HashSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            NodeReport node = nodes.get(i);
            if (node.type() == NodeType.SWITCH || discover && node.ports().isEmpty()) {
                continue; // a switch, or a host a walk found, reported by identity only
            }
            own.add(i);
            ownGuids.add(node.guid());
            for (PortReport port : node.ports()) {
                if (port.peer() != null) {
                    ends.add(new CableClaims.CableEnd(port.peer().nodeGuid(), port.peer().portNumber()));
                }
            }
        }
        if (!discover) {
            for (int i = 0; i < nodes.size(); i++) {
                NodeReport node = nodes.get(i);
                if (node.type() != NodeType.SWITCH) {
                    continue;
                }
                Refusal refusal = switchOfNodeAgent(node, i, agent, ends, ownGuids);
                if (refusal != null) {
                    return new Claims(own, ends, refusal);
                }
            }
        }
        return new Claims(own, ends, null);
    }

    /** A node agent's switch: reported only on ports its own cables reach, and pointing back at them. */
    private static Refusal switchOfNodeAgent(NodeReport node, int index, String agent, Set<CableClaims.CableEnd> ends,
                                             Set<String> ownGuids) {
        boolean cabled = ends.stream().anyMatch(end -> end.nodeGuid().equals(node.guid()));
        if (!cabled) {
            return new Refusal("nodes[" + index + "].guid", "switch " + node.guid() + " is at the end of no cable of "
                    + "agent '" + agent + "'s own nodes; only a discover agent reports the fabric's switches");
        }
        for (int p = 0; p < node.ports().size(); p++) {
            PortReport port = node.ports().get(p);
            CableClaims.CableEnd end = new CableClaims.CableEnd(node.guid(), port.portNumber());
            PeerPort peer = port.peer();
            if (!ends.contains(end) || peer != null && !ownGuids.contains(peer.nodeGuid())) {
                return new Refusal("nodes[" + index + "].ports[" + p + "]", end + " is not the far end of a cable of "
                        + "agent '" + agent + "''s own nodes; only a discover agent reports every port of a switch");
            }
        }
        return null;
    }

    private CompletableFuture<Void> refuse(AgentCredential credential, String agent, Refusal refusal) {
        String detail = refusal.where().isEmpty() ? refusal.reason() : refusal.where() + ": " + refusal.reason();
        return refusals.record(credential, agent, detail)
                .thenCompose(recorded -> CompletableFuture.failedFuture(
                        new AgentRefusedException(refusal.where(), refusal.reason())));
    }

    /** Forgets what this server remembers of the agent (its ids, nodes, cables, refusals). */
    void forget(String agentId) {
        roster.forget(agentId);
        cables.forget(agentId);
        refusals.forget(agentId);
    }
}
