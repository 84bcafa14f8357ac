package io.fabricpulse.server.commands;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * {@code fabricpulse.commands.*}: how long orders to agents live.
 *
 * @param lifetime     an order nobody took (or nobody answered) within this is expired, and an agent that gets
 *                     it later refuses it; a few agent intervals
 * @param reachWindow  an agent that reported a port's node within this can take orders for it; older, a request
 *                     is answered 409 (no agent reaches the port)
 * @param pollInterval how often each replica reads the queued orders from the state store (orders queued on
 *                     another replica reach its agents after at most this) and expires overdue ones
 */
@ConfigurationProperties("fabricpulse.commands")
public record CommandsProperties(@DefaultValue("2m") Duration lifetime,
                                 @DefaultValue("2m") Duration reachWindow,
                                 @DefaultValue("1s") Duration pollInterval) {

    public CommandsProperties {
        if (!lifetime.isPositive() || !reachWindow.isPositive() || !pollInterval.isPositive()) {
            throw new IllegalArgumentException("fabricpulse.commands.lifetime, reach-window and poll-interval must be "
                    + "positive");
        }
    }
}
