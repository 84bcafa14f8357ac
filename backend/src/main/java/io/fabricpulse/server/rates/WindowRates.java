package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.PortCounter;

import java.time.Instant;
import java.util.Map;

/**
 * What one port did over one window ending at {@code end}.
 *
 * @param window         which window
 * @param end            the window is {@code [end - length, end]}
 * @param coveredSeconds seconds of the window for which the port had valid deltas (intervals with a
 *                       counter reset, before the first sample or older than the buckets reach are not
 *                       covered); rates are increases divided by these seconds
 * @param counters       by counter, in {@link PortCounter} order; only counters seen in the window
 * @param derived        derived metrics from the window's rates and the port's current link
 */
public record WindowRates(RateWindow window, Instant end, double coveredSeconds, Map<PortCounter, CounterWindow> counters,
                          DerivedRates derived) {

    /** The rate per second of {@code counter} over the window, null when unknown. */
    public Double perSecond(PortCounter counter) {
        CounterWindow c = counters.get(counter);
        return c == null ? null : c.perSecond();
    }
}
