package io.fabricpulse.server.series;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The rates of one port for the sampling interval that ended at {@code at}: what the rate engine
 * hands to a {@link SeriesStore}. Series without a rate in this interval (first sight, a reset, a
 * saturated counter) are simply absent.
 *
 * @param port  the port
 * @param at    end of the sampling interval the rates were measured over
 * @param rates rate per series, 0 to {@link #MAX_RATE} (a counter reset has no rate, not a negative one)
 */
public record PortRateSample(PortSeriesKey port, Instant at, Map<RateSeries, Double> rates) {

    /**
     * Far above anything a port can do (a 64-bit counter wrapping every nanosecond is 1.8e28/s), and
     * far enough below the largest double that a store's own arithmetic (the embedded store multiplies a rate by
     * the seconds it held) stays finite.
     */
    public static final double MAX_RATE = 1e30;

    public PortRateSample {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(rates, "rates");
        if (rates instanceof RateValues values) {
            values.forEachRate((series, value) -> requireValid(port, at, series, value));
        } else {
            for (Map.Entry<RateSeries, Double> rate : rates.entrySet()) {
                Objects.requireNonNull(rate.getKey(), () -> "series of a rate of " + port);
                requireValid(port, at, rate.getKey(), rate.getValue());
            }
        }
        rates = RateValues.copyOf(rates);
    }

    private static void requireValid(PortSeriesKey port, Instant at, RateSeries series, Double value) {
        if (value == null) {
            throw invalid(port, at, series, "null");
        }
        requireValid(port, at, series, value.doubleValue());
    }

    private static void requireValid(PortSeriesKey port, Instant at, RateSeries series, double value) {
        if (!(value >= 0 && value <= MAX_RATE)) {
            throw invalid(port, at, series, Double.toString(value));
        }
    }

    private static IllegalArgumentException invalid(PortSeriesKey port, Instant at, RateSeries series, String value) {
        return new IllegalArgumentException("rate " + series + " of " + port + " at " + at
                + " must be a number from 0 to " + MAX_RATE + ", got " + value);
    }

    /**
     * The sample from rates keyed by series name (the rate engine's IBA counter names, plus the
     * derived names of {@link RateSeries}); an unknown name is a precise error.
     */
    public static PortRateSample ofNames(PortSeriesKey port, Instant at, Map<String, Double> ratesByName) {
        Objects.requireNonNull(ratesByName, "rates");
        Map<RateSeries, Double> rates = new LinkedHashMap<>();
        ratesByName.forEach((name, value) -> rates.put(RateSeries.named(name), value));
        return new PortRateSample(port, at, rates);
    }
}
