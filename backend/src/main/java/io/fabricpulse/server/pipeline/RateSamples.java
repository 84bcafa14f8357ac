package io.fabricpulse.server.pipeline;

import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;

import java.util.HashMap;
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

    private RateSamples() {
    }

    /** The point of {@code port}'s latest sample, or null when it has no rate (first sight, reset, saturated). */
    static PortRateSample of(PortView port) {
        Map<RateSeries, Double> rates = new HashMap<>();
        Map<String, Double> byName = port.rates();
        for (RateSeries series : SERIES) {
            put(rates, series, byName.get(series.name()));
        }
        put(rates, RateSeries.XMIT_BYTES_PER_SECOND, port.xmitBytesPerSecond());
        put(rates, RateSeries.RCV_BYTES_PER_SECOND, port.rcvBytesPerSecond());
        if (rates.isEmpty()) {
            return null;
        }
        return new PortRateSample(new PortSeriesKey(port.nodeGuid(), port.portNumber()), port.sampledAt(), rates);
    }

    private static void put(Map<RateSeries, Double> rates, RateSeries series, Double value) {
        if (value != null && value >= 0 && value <= PortRateSample.MAX_RATE) {
            rates.put(series, value);
        }
    }
}
