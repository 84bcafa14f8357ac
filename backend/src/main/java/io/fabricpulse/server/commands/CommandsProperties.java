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
 * @param disabledWarnAfter a port disabled on purpose is quiet (no port-not-active alert, nor for its far end) for
 *                     this long; after it, port-not-active alerts: a port left disabled is worth a look
 */
@ConfigurationProperties("fabricpulse.commands")
public record CommandsProperties(@DefaultValue("2m") Duration lifetime,
                                 @DefaultValue("2m") Duration reachWindow,
                                 @DefaultValue("1s") Duration pollInterval,
                                 @DefaultValue("1h") Duration disabledWarnAfter) {

    public CommandsProperties {
        if (!lifetime.isPositive() || !reachWindow.isPositive() || !pollInterval.isPositive()
                || !disabledWarnAfter.isPositive()) {
            throw new IllegalArgumentException("fabricpulse.commands.lifetime, reach-window, poll-interval and "
                    + "disabled-warn-after must be positive");
        }
    }
}
