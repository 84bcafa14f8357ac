/**
 * Per-agent bearer tokens: issued with a secret shown once, stored as SHA-256 hashes, checked on
 * ingest beside the configured {@code FABRICPULSE_AGENT_TOKEN}, revocable, with a throttled
 * last-used time. See {@link io.fabricpulse.server.state.token.AgentTokenSecrets} for why SHA-256.
 */
package io.fabricpulse.server.state.token;
