/**
 * The state store's shared plumbing: what the server must remember that is not a time series lives in
 * tables that each feature owns with its repositories - alerts, silences and rule settings
 * ({@code alerting.store}), node names, clusters and baselines ({@code topology.store}), resume state
 * ({@code pipeline.resume}), counter-clear history ({@code fabric.counterclear}), agent and API tokens
 * ({@code security.token}), the audit log ({@code security.audit}), webhooks and the outbox ({@code notify}),
 * generated passwords ({@code security}). This package holds what they share: the configuration, SQL helpers
 * ({@link io.fabricpulse.server.state.StateSql}, {@link io.fabricpulse.server.state.StateText}) and the
 * {@link io.fabricpulse.server.state.BackgroundWriter} that writes off the ingest path.
 *
 * <p>Spring Data R2DBC over H2 (a file under the data directory, the zero-setup default) or
 * PostgreSQL (for several replicas), chosen by {@code spring.r2dbc.url}. Flyway migrates the schema
 * from {@code db/migration}; the same SQL runs on both, and one contract test suite runs against
 * both. Flyway needs JDBC, so its URL is derived from the R2DBC one ({@link
 * io.fabricpulse.server.state.FlywayFollowsR2dbc}): operators set one URL.
 *
 * <p>Repositories are small classes over {@link org.springframework.r2dbc.core.DatabaseClient} with
 * the SQL written out, not derived Spring Data repositories: the SQL must stay portable between the
 * two databases and is easiest to keep so when it is visible; upserts (MERGE), multi-row inserts,
 * conditional updates ({@code last_used_at} never moves back) and natural keys (a node GUID) are
 * plain here and awkward through entity mapping. Repositories return row records; what leaves the
 * store for other features is a view without storage details (an agent token without its hash), and
 * API records stay with the API. Pages read through their feature's services, never a repository.
 */
package io.fabricpulse.server.state;
