package io.fabricpulse.server.agents;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * {@code fabricpulse.agents.*}: the bounds on what agents can make the server remember.
 *
 * @param maxNodesPerAgent         distinct nodes one node agent (its hosts' HCAs and the switches across
 *                                 their cables) may report while it is remembered
 * @param maxNodesPerDiscoverAgent the same for a discover agent and the shared token: the fabric's switches
 * @param newAgentsPerMinute       agent ids never seen before let in per minute (a burst of as many at once);
 *                                 more are answered 429 with Retry-After and come in later from their spools
 * @param maxAgents                agents remembered at once by one server
 * @param forgetAfter              an agent not heard of for this long is forgotten (its replay window,
 *                                 its reported nodes, its cable claims); its owned nodes stay its own
 * @param cableClaimTtl            a switch port a node agent's cable reaches stays its own for this long
 *                                 after it last said so: another agent claiming it meanwhile is refused
 * @param refusalAuditInterval     one audit entry per agent and interval for refused batches (an agent
 *                                 refused every poll would otherwise fill the audit log)
 */
@ConfigurationProperties("fabricpulse.agents")
public record AgentsProperties(@DefaultValue("64") int maxNodesPerAgent,
                               @DefaultValue("10000") int maxNodesPerDiscoverAgent,
                               @DefaultValue("120") int newAgentsPerMinute,
                               @DefaultValue("50000") int maxAgents,
                               @DefaultValue("1d") Duration forgetAfter,
                               @DefaultValue("5m") Duration cableClaimTtl,
                               @DefaultValue("1m") Duration refusalAuditInterval) {

    public AgentsProperties {
        positive("max-nodes-per-agent", maxNodesPerAgent);
        positive("max-nodes-per-discover-agent", maxNodesPerDiscoverAgent);
        positive("new-agents-per-minute", newAgentsPerMinute);
        positive("max-agents", maxAgents);
        positive("forget-after", forgetAfter.toSeconds());
        if (cableClaimTtl.isNegative() || refusalAuditInterval.isNegative()) {
            throw new IllegalArgumentException("fabricpulse.agents.cable-claim-ttl and refusal-audit-interval must not "
                    + "be negative");
        }
    }

    private static void positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException("fabricpulse.agents." + name + " must be positive, got " + value);
        }
    }
}
