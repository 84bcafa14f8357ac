package io.fabricpulse.server.api;

import io.fabricpulse.server.rates.WindowRates;

import java.util.List;

/**
 * A port's in-memory windows as the API shows them.
 *
 * @param nodeGuid   the port's node
 * @param portNumber the port
 * @param windows    1m, 5m, 1h, 24h in that order: per counter its increase and rate, and the derived metrics
 */
public record PortWindowsView(String nodeGuid, int portNumber, List<WindowRates> windows) {
}
