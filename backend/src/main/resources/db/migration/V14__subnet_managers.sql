-- The subnet managers the agents' SMInfo queries found (docs/STATE.md, "Subnet managers"): one row per SM port
-- GUID with what it last answered. Kept so a master that changed while the server was down is still a change
-- when it comes back up, and a standby that fell silent is still listed.
CREATE TABLE subnet_manager (
    guid           VARCHAR(18)              NOT NULL,
    lid            INTEGER                  NOT NULL,
    priority       INTEGER                  NOT NULL,
    state          VARCHAR(16),
    activity_count BIGINT                   NOT NULL,
    first_seen     TIMESTAMP WITH TIME ZONE NOT NULL,
    last_seen      TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT subnet_manager_pk PRIMARY KEY (guid)
);
