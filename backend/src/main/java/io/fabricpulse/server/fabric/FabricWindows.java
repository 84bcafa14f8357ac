package io.fabricpulse.server.fabric;

import io.fabricpulse.server.rates.PortMetric;
import io.fabricpulse.server.rates.PortWindows;
import io.fabricpulse.server.rates.RateWindow;
import io.fabricpulse.server.rates.WindowRates;

import java.util.List;
import java.util.Optional;

/**
 * The in-memory windows of the live fabric (1 min, 5 min, 1 h, 24 h per port), for alert rules and
 * worst-ports queries. Windows end now (the injected clock), so a port that fell silent ages out.
 * Thread-safe; results are snapshots.
 */
public interface FabricWindows {

    /** Every window of one port; empty when the port is unknown. The GUID must be canonical (lower case). */
    Optional<PortWindows> windows(String nodeGuid, int portNumber);

    /** One window of one port, cheaper than all of them; empty when the port is unknown. */
    Optional<WindowRates> window(String nodeGuid, int portNumber, RateWindow window);

    /**
     * The ports with the highest {@code metric} over {@code window}, highest first (ties by node GUID and
     * port); ports where the metric is unknown in that window are not ranked.
     *
     * @param limit how many at most, at least 1
     */
    List<RankedPort> worst(PortMetric metric, RateWindow window, int limit);
}
