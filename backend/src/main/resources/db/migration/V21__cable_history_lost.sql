-- When a cable was seen gone (issue 23, the time slider's past topology): the first report of either end without
-- it, written once per loss (a topology change, never per sample). Null while the cable is believed in place, or
-- when it went without a report saying so (its node stopped reporting, the server was down): then only last_seen,
-- kept to the hour, bounds it. Runs on H2 2.x and PostgreSQL 15+.
ALTER TABLE cable_history ADD COLUMN lost_at TIMESTAMP WITH TIME ZONE;
