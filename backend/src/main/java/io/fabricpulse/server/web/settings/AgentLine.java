package io.fabricpulse.server.web.settings;

import io.fabricpulse.server.agents.AgentDirectory;
import io.fabricpulse.server.web.DisplayFormat;

/** A row of the agent list: its credential and when it was last used or seen, never a secret. */
record AgentLine(String agentId, String role, String credential, String issued, String lastUsedAt, long nodes,
                 String lastSeenAt, boolean removable) {

    static AgentLine of(AgentDirectory.AgentView agent, DisplayFormat format) {
        String issued = agent.issuedAt() == null ? "" : format.dateTime(agent.issuedAt()) + " by " + agent.issuedBy();
        return new AgentLine(agent.agentId(), agent.role() == null ? "any (shared token)" : agent.role(),
                agent.credential(), issued, agent.lastUsedAt() == null ? "never" : format.dateTime(agent.lastUsedAt()),
                agent.nodes(), agent.lastSeenAt() == null ? "not since this server started"
                : format.dateTime(agent.lastSeenAt()), !"revoked".equals(agent.credential()));
    }
}
