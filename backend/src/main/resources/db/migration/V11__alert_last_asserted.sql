-- FabricPulse state store, version 11: when, and by which replica, an open alert's condition was last
-- seen to hold. Same dialect rules as V1 (H2 2.x and PostgreSQL 15+ both run this file unchanged).
-- Why: each replica evaluates the port rules over the batches it applied, so when one agent's batches
-- are spread over replicas their windows are shifted against each other by a batch or so. One replica's
-- "clear" must not resolve an alert that another still sees hold, or the other opens it again at once.
-- Asserting replicas move these forward at most once per reconcile interval (alerting.AlertLifecycle);
-- NULL means "not since it fired".
ALTER TABLE alert ADD COLUMN last_asserted_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE alert ADD COLUMN last_asserted_by VARCHAR(100);
