-- Agents and what they may report (issue 20). Same dialect rules as V1 (runs on H2 2.x and PostgreSQL 15+).

-- Every agent id the server let in, so that a new one is told apart from one this replica has not seen
-- since it started (new agent ids are rate-limited) and admins can list them.
CREATE TABLE agent (
    agent_id   VARCHAR(128)             PRIMARY KEY,
    first_seen TIMESTAMP WITH TIME ZONE NOT NULL
);

-- Which agent a host's own node (an HCA) belongs to: the first agent that reported it with its ports
-- claimed it, and no other agent may report it until an admin removes that agent.
CREATE TABLE agent_node (
    node_guid  VARCHAR(18)              PRIMARY KEY,
    agent_id   VARCHAR(128)             NOT NULL,
    claimed_at TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX agent_node_by_agent ON agent_node (agent_id);
