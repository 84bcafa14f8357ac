package io.fabricpulse.server.api;

import io.fabricpulse.server.fabric.RankedPort;
import io.fabricpulse.server.rates.RateWindow;

import java.time.Instant;
import java.util.List;

/**
 * The worst ports by one metric over one window.
 *
 * @param by     the metric: a counter's IBA name (its rate per second) or a derived metric
 * @param window the window, {@code 1m}, {@code 5m}, {@code 1h} or {@code 24h}
 * @param at     when the window ends (the server's clock when asked)
 * @param ports  highest first; ports where the metric is unknown in the window are left out
 */
public record WorstPorts(String by, RateWindow window, Instant at, List<RankedPort> ports) {
}
