package io.fabricpulse.server.routes;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * {@code fabricpulse.routes.*}: how often the routes are checked against the live topology, and when the
 * switches' forwarding tables count as too old to trust.
 *
 * @param checkInterval how often the live topology is compared with the one the routes were built on (a
 *                      change rebuilds them; new tables rebuild them at once)
 * @param maxAge        routes from a table read longer ago than this are marked stale; a {@code discover}-role
 *                      agent reads them every {@code --tables-interval} (5 min), so three of those by default
 */
@ConfigurationProperties("fabricpulse.routes")
public record RoutesProperties(@DefaultValue("5s") Duration checkInterval, @DefaultValue("15m") Duration maxAge) {

    public RoutesProperties {
        if (checkInterval.isNegative() || checkInterval.isZero()) {
            throw new IllegalArgumentException("fabricpulse.routes.check-interval must be positive, got " + checkInterval);
        }
        if (maxAge.isNegative() || maxAge.isZero()) {
            throw new IllegalArgumentException("fabricpulse.routes.max-age must be positive, got " + maxAge);
        }
    }
}
