-- FabricPulse state store, version 10: a port's last counters as bytes instead of text.
-- Same dialect rules as V1 (BYTEA is PostgreSQL's binary string and one of H2's names for BINARY VARYING).
-- Why: the R2DBC H2 driver binds every String parameter as a CLOB, so each port's ~600-character
-- counter text became a large object in H2's LOB store on every flush, the costliest step of ingest.
-- Bytes bind as VARBINARY. Encoding: per counter, one byte of name length, the IBA name in ASCII, and
-- the value as 8 bytes, big-endian, unsigned (state.resume.SampleBytes). Names, not positions, so a
-- counter added later needs no migration.
-- The stored baselines are dropped with the old column: each port's first sample after the upgrade
-- starts its rates afresh (no rate for that one interval, never a false spike).
DELETE FROM port_last_sample;
ALTER TABLE port_last_sample DROP COLUMN counters;
ALTER TABLE port_last_sample ADD COLUMN counters BYTEA NOT NULL;
