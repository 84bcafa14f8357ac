package io.fabricpulse.server.series;

import io.fabricpulse.server.fabric.FabricUpdate;
import io.fabricpulse.server.fabric.PortView;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the series store keeps of an ingested batch: for every port the batch changed, the rates of
 * its latest interval (counters by IBA name, plus bytes/s both ways), stamped with the port's sample
 * time. Ports without a rate in that interval (first sight, a reset, every counter saturated) give no
 * sample: the store would have nothing to keep.
 */
public final class PortRateSamples {

    private PortRateSamples() {
    }

    /** The samples to hand to {@link SeriesStore#write(List)} for {@code update}. */
    public static List<PortRateSample> of(FabricUpdate update) {
        List<PortRateSample> samples = new ArrayList<>(update.ports().size());
        for (PortView port : update.ports()) {
            Map<RateSeries, Double> rates = new LinkedHashMap<>();
            port.rates().forEach((name, rate) -> rates.put(RateSeries.named(name), rate));
            if (port.xmitBytesPerSecond() != null) {
                rates.put(RateSeries.XMIT_BYTES_PER_SECOND, port.xmitBytesPerSecond());
            }
            if (port.rcvBytesPerSecond() != null) {
                rates.put(RateSeries.RCV_BYTES_PER_SECOND, port.rcvBytesPerSecond());
            }
            if (!rates.isEmpty()) {
                samples.add(new PortRateSample(new PortSeriesKey(port.nodeGuid(), port.portNumber()), port.sampledAt(),
                        rates));
            }
        }
        return samples;
    }
}
