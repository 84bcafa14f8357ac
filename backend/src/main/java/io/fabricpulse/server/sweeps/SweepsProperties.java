package io.fabricpulse.server.sweeps;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * {@code fabricpulse.sweeps.*}: how the discover agents split the switches.
 *
 * @param planInterval    how often each replica reads the members and, when they changed, splits the switches anew
 * @param silentIntervals an agent silent for this many of its own push intervals leaves the split
 * @param firstInterval   the push interval assumed for an agent until two of its batches measured it
 * @param rejoinIntervals an agent that left the split (silent or gone) comes back into it once heard steadily for
 *                        this many of its intervals, so a late push under load does not flap the split
 */
@ConfigurationProperties("fabricpulse.sweeps")
public record SweepsProperties(@DefaultValue("1s") Duration planInterval,
                               @DefaultValue("2") int silentIntervals,
                               @DefaultValue("30s") Duration firstInterval,
                               @DefaultValue("2") int rejoinIntervals) {

    public SweepsProperties {
        if (!planInterval.isPositive() || silentIntervals < 1 || !firstInterval.isPositive() || rejoinIntervals < 0) {
            throw new IllegalArgumentException("fabricpulse.sweeps.plan-interval and first-interval must be positive,"
                    + " silent-intervals at least 1, rejoin-intervals at least 0");
        }
    }
}
