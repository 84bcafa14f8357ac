-- The fabric's history of cables: "this port has been linked, to that peer" (docs/STATE.md, "Cable history").
-- One row per port end, both ends of a cable each with a row, so a port's far end is one key lookup. What it
-- adds to a baseline: a cable lost while the server was down is known to belong there when it comes back up.
-- Saving a baseline replaces the rows by those of its links, the operator's word on what belongs where.
CREATE TABLE cable_history (
    node_guid   VARCHAR(18)              NOT NULL,
    port_number INTEGER                  NOT NULL,
    peer_guid   VARCHAR(18)              NOT NULL,
    peer_port   INTEGER                  NOT NULL,
    first_seen  TIMESTAMP WITH TIME ZONE NOT NULL,
    last_seen   TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT cable_history_pk PRIMARY KEY (node_guid, port_number)
);
