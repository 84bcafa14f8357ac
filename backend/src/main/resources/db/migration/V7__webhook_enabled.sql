-- FabricPulse state store, version 7: webhooks can be switched off (issue 7, the settings page) without
-- deleting them, so their URL and secret need not be entered again. Same dialect rules as V1 (H2 2.x and
-- PostgreSQL 15+ both run this file unchanged). Existing webhooks stay on.
ALTER TABLE webhook ADD COLUMN enabled BOOLEAN DEFAULT TRUE NOT NULL;
