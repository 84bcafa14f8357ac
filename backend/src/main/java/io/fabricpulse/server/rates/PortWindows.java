package io.fabricpulse.server.rates;

import java.util.Map;

/**
 * All windows of one port, as the live fabric answers {@code windows(nodeGuid, port)}.
 *
 * @param nodeGuid   the port's node
 * @param portNumber the port
 * @param windows    one entry per {@link RateWindow}, shortest first
 */
public record PortWindows(String nodeGuid, int portNumber, Map<RateWindow, WindowRates> windows) {
}
