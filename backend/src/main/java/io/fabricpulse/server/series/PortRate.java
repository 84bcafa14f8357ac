package io.fabricpulse.server.series;

import java.util.Comparator;

/**
 * A port with one consolidated rate, as the worst-ports query returns it.
 *
 * @param port  the port
 * @param value the rate consolidated over the query's window
 */
public record PortRate(PortSeriesKey port, double value) {

    /** Highest rate first; equal rates by port, so every store answers in the same order. */
    public static final Comparator<PortRate> WORST_FIRST = Comparator.comparingDouble(PortRate::value).reversed()
            .thenComparing(PortRate::port);
}
