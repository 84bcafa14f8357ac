package io.fabricpulse.server.api;

import io.fabricpulse.server.fabric.RankedPort;
import io.fabricpulse.server.series.Consolidation;

import java.time.Instant;
import java.util.List;

/**
 * The worst ports by one metric over one window.
 *
 * @param by            the metric: a counter's IBA name (its rate per second) or a derived metric
 * @param window        the window as asked: {@code 1m}, {@code 5m}, {@code 1h}, {@code 24h} (in memory) or a
 *                      longer duration such as {@code 7d} (series store)
 * @param source        {@code memory} (the live fabric's windows) or {@code series} (the series store)
 * @param consolidation how a port's stored rates over the window became one value; null for memory windows,
 *                      whose value is increase / covered seconds
 * @param at            when the window ends (the server's clock when asked)
 * @param ports         highest first; ports where the metric is unknown in the window are left out
 */
public record WorstPorts(String by, String window, String source, Consolidation consolidation, Instant at,
                         List<RankedPort> ports) {
}
