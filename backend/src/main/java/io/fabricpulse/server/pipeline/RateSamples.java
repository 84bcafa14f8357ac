package io.fabricpulse.server.pipeline;

import io.fabricpulse.agent.report.PortCounter;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.rates.CounterMap;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.RateValues;

import java.util.List;
import java.util.Map;

/**
 * The series-store points of one applied sample: every counter rate the live fabric computed, plus the
 * derived bytes/s. Only series the store knows ({@link RateSeries}) are taken; a value outside what a
 * store accepts (0 to {@link PortRateSample#MAX_RATE}) is left out rather than failing the whole flush,
 * since one impossible rate must not hold up the fabric's data.
 */
final class RateSamples {

    private static final List<RateSeries> SERIES = RateSeries.all();
    private static final PortCounter[] COUNTERS = PortCounter.values();

    private RateSamples() {
    }

    /** The point of {@code port}'s latest sample, or null when it has no rate (first sight, reset, saturated). */
    static PortRateSample of(PortView port) {
        RateValues.Builder rates = new RateValues.Builder();
        Map<String, Double> byName = port.rates();
        if (byName instanceof CounterMap<Double> compact && compact.holdsDoubles()) {
            for (PortCounter counter : COUNTERS) {
                if (compact.has(counter)) {
                    put(rates, RateSeries.of(counter), compact.doubleAt(counter));
                }
            }
        } else {
            for (RateSeries series : SERIES) {
                Double rate = byName.get(series.name());
                if (rate != null) {
                    put(rates, series, rate);
                }
            }
        }
        if (port.xmitBytesPerSecond() != null) {
            put(rates, RateSeries.XMIT_BYTES_PER_SECOND, port.xmitBytesPerSecond());
        }
        if (port.rcvBytesPerSecond() != null) {
            put(rates, RateSeries.RCV_BYTES_PER_SECOND, port.rcvBytesPerSecond());
        }
        if (rates.isEmpty()) {
            return null;
        }
        return new PortRateSample(new PortSeriesKey(port.nodeGuid(), port.portNumber()), port.sampledAt(), rates.build());
    }

    private static void put(RateValues.Builder rates, RateSeries series, double value) {
        if (value >= 0 && value <= PortRateSample.MAX_RATE) {
            rates.put(series, value);
        }
    }
}
