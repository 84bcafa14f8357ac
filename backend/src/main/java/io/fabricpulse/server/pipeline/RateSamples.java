package io.fabricpulse.server.pipeline;

import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.rates.CounterMap;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.RateValues;


/**
 * The series-store points of one applied sample: every counter rate the live fabric computed, plus the
 * derived bytes/s. Only series the store knows ({@link RateSeries}) are taken; a value outside what a
 * store accepts (0 to {@link PortRateSample#MAX_RATE}) is left out rather than failing the whole flush,
 * since one impossible rate must not hold up the fabric's data.
 */
final class RateSamples {

    private static final PortCounter[] COUNTERS = PortCounter.values();

    private RateSamples() {
    }

    /** The point of {@code port}'s latest sample, or null when it has no rate (first sight, reset, saturated). */
    static PortRateSample of(PortView port) {
        RateValues.Builder rates = new RateValues.Builder();
        // The live fabric's rates are a CounterMap already; taken as it is, read without a box each.
        CounterMap<Double> byCounter = CounterMap.ofDoubles(port.rates());
        for (PortCounter counter : COUNTERS) {
            if (byCounter.has(counter)) {
                put(rates, RateSeries.of(counter), byCounter.doubleAt(counter));
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
