-- FabricPulse state store, version 17: ingest marks and rate baselines per replica (issue 27).
-- Same dialect rules as V1 (runs on H2 2.x and PostgreSQL 15+).
-- Why: with whole replicas every replica receives every batch of every agent (docs/DEPLOYMENT.md,
-- "Several replicas"). A mark shared by all replicas would answer the second replica's copy of a batch
-- "duplicate" without applying it, so that replica would miss it. Each replica now keeps its own mark per
-- agent and its own last sample per port under its name (fabricpulse.pipeline.replica); the rows written
-- before keep the empty name, which is what a single server and replicas without names use.

CREATE TABLE agent_ingest_mark_by_replica (
    replica      VARCHAR(100)             NOT NULL,
    agent_id     VARCHAR(128)             NOT NULL,
    sequence     BIGINT                   NOT NULL,
    collected_at TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT agent_ingest_mark_pk PRIMARY KEY (replica, agent_id)
);
INSERT INTO agent_ingest_mark_by_replica (replica, agent_id, sequence, collected_at)
    SELECT '', agent_id, sequence, collected_at FROM agent_ingest_mark;
DROP TABLE agent_ingest_mark;
ALTER TABLE agent_ingest_mark_by_replica RENAME TO agent_ingest_mark;
CREATE INDEX agent_ingest_mark_by_agent ON agent_ingest_mark (agent_id);

ALTER TABLE port_last_sample ADD COLUMN replica VARCHAR(100) DEFAULT '' NOT NULL;
ALTER TABLE port_last_sample DROP CONSTRAINT port_last_sample_pk;
ALTER TABLE port_last_sample ADD CONSTRAINT port_last_sample_pk PRIMARY KEY (replica, node_guid, port_number);
