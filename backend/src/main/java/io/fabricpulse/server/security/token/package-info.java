/**
 * Bearer tokens, both kinds on one hashed-token table design ({@link io.fabricpulse.server.security.token.HashedTokenTable},
 * {@link io.fabricpulse.server.security.token.HashedTokenLifecycle}): per-agent tokens, checked on ingest beside the
 * configured {@code FABRICPULSE_AGENT_TOKEN}, and API tokens for ticket systems and scripts. Each is issued with a
 * secret shown once, stored as a SHA-256 hash, revocable, with a throttled last-used time. See
 * {@link io.fabricpulse.server.security.token.AgentTokenSecrets} for why SHA-256.
 */
package io.fabricpulse.server.security.token;
