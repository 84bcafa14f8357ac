-- FabricPulse state store, version 3: what a restarted server or a second replica needs to go on
-- exactly where the last acknowledged batch left off (docs/ARCHITECTURE.md, "Ingest pipeline").
-- Same dialect rules as V1; rows are written with MERGE INTO ... USING (VALUES ...), which only
-- moves a row forward in time (WHEN MATCHED AND s.collected_at > t.collected_at).

-- The last accepted raw sample of every port: the rate baseline. 'counters' holds
-- "IbaName=unsigned-decimal" pairs separated by spaces, 'saturated' holds "IbaName=ISO-instant"
-- pairs (counters latched at their maximum, since when); both empty when there are none.
CREATE TABLE port_last_sample (
    node_guid    VARCHAR(18)              NOT NULL,
    port_number  INTEGER                  NOT NULL,
    collected_at TIMESTAMP WITH TIME ZONE NOT NULL,
    extended     BOOLEAN                  NOT NULL,
    counters     VARCHAR(4000)            NOT NULL,
    saturated    VARCHAR(4000)            NOT NULL,
    agent_id     VARCHAR(128)             NOT NULL,
    CONSTRAINT port_last_sample_pk PRIMARY KEY (node_guid, port_number),
    CONSTRAINT port_last_sample_port CHECK (port_number BETWEEN 0 AND 255)
);

-- Per agent, the newest batch whose data is stored (its sequence and collection time): replays of
-- it or of older batches from the agent's spool are recognised after a restart and on every replica.
CREATE TABLE agent_ingest_mark (
    agent_id     VARCHAR(128)             PRIMARY KEY,
    sequence     BIGINT                   NOT NULL,
    collected_at TIMESTAMP WITH TIME ZONE NOT NULL
);
