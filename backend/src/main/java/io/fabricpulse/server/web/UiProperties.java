package io.fabricpulse.server.web;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;
import java.time.ZoneId;

/**
 * Settings of the browser UI ({@code fabricpulse.ui.*}).
 *
 * @param maxRows      ports shown in the overview's table (the worst ones); the rest are counted, not sent,
 *                     so that a 2,600-port fabric does not ship 2,600 rows per second to every wall screen
 * @param timeZone     zone in which pages show times; defaults to the server's zone because a NOC reads
 *                     its own local time, and the zone is printed next to every time column
 * @param liveInterval shortest gap between two live updates sent to one browser; agents push in bursts
 *                     (hundreds of batches per poll), a screen needs at most one repaint per second
 * @param keepAlive    gap between keep-alive comments on an idle event stream, short enough for proxies
 *                     and load balancers that close connections idle for 30 s or more
 */
@Validated
@ConfigurationProperties("fabricpulse.ui")
public record UiProperties(@DefaultValue("100") @Min(1) @Max(10_000) int maxRows,
                           ZoneId timeZone,
                           @DefaultValue("1s") @NotNull Duration liveInterval,
                           @DefaultValue("15s") @NotNull Duration keepAlive) {

    public UiProperties {
        if (timeZone == null) {
            timeZone = ZoneId.systemDefault();
        }
        if (liveInterval != null && (liveInterval.isNegative() || liveInterval.isZero())) {
            throw new IllegalArgumentException("fabricpulse.ui.live-interval must be positive, was " + liveInterval);
        }
        if (keepAlive != null && (keepAlive.isNegative() || keepAlive.isZero())) {
            throw new IllegalArgumentException("fabricpulse.ui.keep-alive must be positive, was " + keepAlive);
        }
    }
}
