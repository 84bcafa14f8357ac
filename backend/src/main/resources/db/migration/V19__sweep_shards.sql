-- Sharded switch sweeps (issue 22 part 4). Same dialect rules as V1 (H2 2.x and PostgreSQL 15+ both run it).

-- The discover-role agents (an agent id that sent a fabric walk): when one was last heard, by this replica's
-- clock, and its push interval as measured between two of its batches. Silent for 'silent-intervals' of its
-- interval, it leaves the split.
CREATE TABLE sweep_member (
    agent_id    VARCHAR(128)             PRIMARY KEY,
    seen_at     TIMESTAMP WITH TIME ZONE NOT NULL,
    interval_ms BIGINT                   NOT NULL
);

-- Which switches each member's walk reached, and how many ports with counters it read there (the weight).
CREATE TABLE sweep_reach (
    agent_id    VARCHAR(128) NOT NULL,
    switch_guid VARCHAR(18)  NOT NULL,
    ports       INTEGER      NOT NULL,
    PRIMARY KEY (agent_id, switch_guid)
);

-- The split, one row: every replica computes the same from the rows above, and the first to move 'version' on
-- (UPDATE ... WHERE version = the one it read) writes it; the others read it back. 'members': the agents it was
-- made for, one a line; 'assignment': one 'switch-guid<TAB>agent-id' line per switch.
CREATE TABLE sweep_plan (
    id         INTEGER                  PRIMARY KEY,
    version    BIGINT                   NOT NULL,
    members    TEXT                     NOT NULL,
    assignment TEXT                     NOT NULL,
    made_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT sweep_plan_one_row CHECK (id = 1)
);
INSERT INTO sweep_plan (id, version, members, assignment, made_at) VALUES (1, 0, '', '', TIMESTAMP WITH TIME ZONE '2000-01-01 00:00:00+00');
