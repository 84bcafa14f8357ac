package io.fabricpulse.server.history;

import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import java.time.Duration;

/**
 * Settings of the time slider ({@code fabricpulse.history.*}).
 *
 * @param span how far back the map and the overview may be shown. No longer than the series store keeps rates of a
 *             minute or finer (the embedded store's default: one day of 1-minute rows), since a cable's errors at an
 *             instant are read over the minute before it
 */
@Validated
@ConfigurationProperties("fabricpulse.history")
public record HistoryProperties(@DefaultValue("1d") @NotNull Duration span) {

    public HistoryProperties {
        if (span != null && (span.isNegative() || span.compareTo(Duration.ofMinutes(1)) < 0)) {
            throw new IllegalArgumentException("fabricpulse.history.span must be at least 1m, was " + span);
        }
    }
}
