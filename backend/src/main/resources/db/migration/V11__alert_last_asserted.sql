-- FabricPulse state store, version 11: which replica opened an alert, when any replica last saw its
-- condition hold, and whether more than one replica has been involved with it.
-- Same dialect rules as V1 (H2 2.x and PostgreSQL 15+ both run this file unchanged).
-- Why: each replica evaluates the port rules over the batches it applied, so when one agent's batches
-- are spread over replicas their windows are shifted against each other by a batch or so. One replica's
-- "clear" must not resolve an alert that another still sees hold, or the other opens it again at once.
-- A replica other than the opener that asserts the alert sets shared_by_replicas for good; from then on
-- the replicas store their assertions (at most once per reconcile interval) and resolve the alert only
-- once the last of them is old enough (alerting.OpenAlert). last_asserted_at NULL: not since it fired.
ALTER TABLE alert ADD COLUMN opened_by VARCHAR(100);
ALTER TABLE alert ADD COLUMN last_asserted_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE alert ADD COLUMN shared_by_replicas BOOLEAN DEFAULT FALSE NOT NULL;
