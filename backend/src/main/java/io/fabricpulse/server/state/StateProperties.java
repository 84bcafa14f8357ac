package io.fabricpulse.server.state;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * {@code fabricpulse.state.*}: how the server uses its state store. Where the store is comes from
 * {@code spring.r2dbc.url} (see application.yml).
 *
 * @param counterClearQueue         counter resets waiting to be written; beyond this they are dropped
 *                                  and counted rather than slowing ingest
 * @param agentTokenCache           how long a valid issued agent token is trusted without asking the
 *                                  database again: a revocation made on another replica takes effect
 *                                  within this time (on this replica at once)
 * @param agentTokenLastUsedInterval how often at most an issued token's {@code last_used_at} is written
 */
@ConfigurationProperties("fabricpulse.state")
public record StateProperties(@DefaultValue("10000") int counterClearQueue,
                              @DefaultValue("30s") Duration agentTokenCache,
                              @DefaultValue("1m") Duration agentTokenLastUsedInterval) {

    public StateProperties {
        if (counterClearQueue < 1) {
            throw new IllegalArgumentException("fabricpulse.state.counter-clear-queue must be at least 1, got "
                    + counterClearQueue);
        }
        if (agentTokenCache.isNegative() || agentTokenLastUsedInterval.isNegative()) {
            throw new IllegalArgumentException("fabricpulse.state.agent-token-cache and agent-token-last-used-interval "
                    + "must not be negative");
        }
    }
}
