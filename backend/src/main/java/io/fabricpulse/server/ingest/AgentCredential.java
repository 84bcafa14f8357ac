package io.fabricpulse.server.ingest;

import java.util.Set;

/**
 * Who pushed a batch, as the agent chain authenticated it; what the {@link BatchAdmission} binds a batch to.
 *
 * @param kind    which credential it was
 * @param tokenId the issued token's id; 0 for the configured shared or bootstrap token and in-process agents
 * @param agentId the agent a per-agent credential belongs to; null for every other kind
 * @param roles   what it may report ({@link Kind#AGENT}: its one role; shared and in-process: every role),
 *                or, for a bootstrap token, the roles it may enrol agents in
 */
public record AgentCredential(Kind kind, long tokenId, String agentId, Set<AgentRole> roles) {

    /** The demo's agent inside the server: trusted, it reads a simulated fabric of its own. */
    public static final AgentCredential IN_PROCESS = new AgentCredential(Kind.IN_PROCESS, 0, null,
            Set.of(AgentRole.values()));

    public enum Kind {
        /** The one token of a small site ({@code fabricpulse.ingest.agent-token}): names any agent id. */
        SHARED,
        /** A credential of one agent: its agent id and role are fixed. */
        AGENT,
        /** Only enrols agents ({@code POST /api/v1/agents/enrol}); never ingests. */
        BOOTSTRAP,
        /** An agent running inside the server (the demo). */
        IN_PROCESS
    }

    public AgentCredential {
        roles = Set.copyOf(roles);
    }

    public static AgentCredential shared(long tokenId) {
        return new AgentCredential(Kind.SHARED, tokenId, null, Set.of(AgentRole.values()));
    }

    public static AgentCredential agent(long tokenId, String agentId, AgentRole role) {
        return new AgentCredential(Kind.AGENT, tokenId, agentId, Set.of(role));
    }

    public static AgentCredential bootstrap(long tokenId, Set<AgentRole> roles) {
        return new AgentCredential(Kind.BOOTSTRAP, tokenId, null, roles);
    }

    /** Whether it may report as {@code role}. */
    public boolean may(AgentRole role) {
        return kind != Kind.BOOTSTRAP && roles.contains(role);
    }

    /** How the audit log names it. */
    public String actor() {
        return switch (kind) {
            case SHARED -> tokenId == 0 ? "shared agent token" : "agent-token:" + tokenId;
            case AGENT -> "agent-token:" + tokenId;
            case BOOTSTRAP -> tokenId == 0 ? "bootstrap token" : "bootstrap-token:" + tokenId;
            case IN_PROCESS -> "in-process agent";
        };
    }
}
