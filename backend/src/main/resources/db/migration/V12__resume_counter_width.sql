-- Which counters a port's last sample carried at 64 bits: the error counters and PortXmitWait too, where
-- ClassPortInfo CapabilityMask2 says the port fills PortCountersExtended's additional fields. A resumed rate
-- must compare like with like and latch where the counter latches (docs/STATE.md, "Ingest resume state").
ALTER TABLE port_last_sample ADD COLUMN extended_errors BOOLEAN DEFAULT FALSE NOT NULL;
