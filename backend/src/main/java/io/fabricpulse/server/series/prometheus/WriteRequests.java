package io.fabricpulse.server.series.prometheus;

import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.RateValues;
import io.fabricpulse.server.series.prometheus.wire.RemoteWrite;
import org.xerial.snappy.Snappy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Port samples as remote-write requests: one {@code TimeSeries} per port and rate, labels sorted by
 * name ({@code __name__} first) as the protocol requires, the protobuf block-compressed with snappy.
 * Labels that repeat (the metric, the external labels, each series name, port numbers) are built once.
 */
final class WriteRequests {

    /** Every label in name order; null where a series' own node_guid, port and series go. */
    private final RemoteWrite.Label[] template;
    private final int guidAt;
    private final int portAt;
    private final int seriesAt;
    private final RemoteWrite.Label[] seriesLabels;
    private final RemoteWrite.Label[] portLabels;

    WriteRequests(String metric, Map<String, String> externalLabels) {
        Map<String, RemoteWrite.Label> sorted = new TreeMap<>(); // String order is the protocol's byte order here
        sorted.put("__name__", label("__name__", metric));
        externalLabels.forEach((name, value) -> sorted.put(name, label(name, value)));
        List<String> names = new ArrayList<>(sorted.keySet());
        names.addAll(PromQl.OWN_LABELS);
        names.sort(null);
        template = new RemoteWrite.Label[names.size()];
        for (int i = 0; i < names.size(); i++) {
            template[i] = sorted.get(names.get(i));
        }
        guidAt = names.indexOf(PromQl.NODE_GUID);
        portAt = names.indexOf(PromQl.PORT);
        seriesAt = names.indexOf(PromQl.SERIES);
        List<RateSeries> all = RateSeries.all();
        seriesLabels = new RemoteWrite.Label[all.size()];
        for (RateSeries series : all) {
            seriesLabels[series.index()] = label(PromQl.SERIES, series.name());
        }
        portLabels = new RemoteWrite.Label[PortSeriesKey.MAX_PORT + 1];
        for (int port = 0; port < portLabels.length; port++) {
            portLabels[port] = label(PromQl.PORT, Integer.toString(port));
        }
    }

    /** How many time series {@code sample} becomes. */
    static int seriesOf(PortRateSample sample) {
        return sample.rates().size();
    }

    /** The snappy-compressed protobuf of a request holding every rate of {@code samples}. */
    byte[] encode(List<PortRateSample> samples) {
        RemoteWrite.WriteRequest.Builder request = RemoteWrite.WriteRequest.newBuilder();
        for (PortRateSample sample : samples) {
            RemoteWrite.Label guid = label(PromQl.NODE_GUID, sample.port().nodeGuid());
            RemoteWrite.Label port = portLabels[sample.port().portNumber()];
            long millis = sample.at().toEpochMilli();
            RateValues.copyOf(sample.rates()).forEachRate((series, value) -> {
                RemoteWrite.TimeSeries.Builder ts = RemoteWrite.TimeSeries.newBuilder();
                for (int i = 0; i < template.length; i++) {
                    ts.addLabels(i == guidAt ? guid : i == portAt ? port : i == seriesAt
                            ? seriesLabels[series.index()] : template[i]);
                }
                request.addTimeseries(ts.addSamples(RemoteWrite.Sample.newBuilder().setValue(value).setTimestamp(millis)));
            });
        }
        try {
            return Snappy.compress(request.build().toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException("snappy could not compress a remote-write request", e);
        }
    }

    private static RemoteWrite.Label label(String name, String value) {
        return RemoteWrite.Label.newBuilder().setName(name).setValue(value).build();
    }
}
