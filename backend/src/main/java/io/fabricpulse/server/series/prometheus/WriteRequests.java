package io.fabricpulse.server.series.prometheus;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
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
 * Port samples as remote-write requests ({@code prometheus.WriteRequest} of src/main/proto): one
 * {@code TimeSeries} per port and rate, labels sorted by name ({@code __name__} first) as the protocol
 * requires, the protobuf block-compressed with snappy.
 *
 * <p>At 50,000 port samples a second this is over a million series a second, so the request is written
 * field by field with protobuf's {@link CodedOutputStream} into one array of the exact size, instead of
 * a builder and an object per series and label: every label's encoded bytes are made once (the metric,
 * the external labels, each series name, each port number) or once per port sample (its GUID). The field
 * numbers are the generated classes'; the tests decode what is written with the generated parser.
 */
final class WriteRequests {

    private static final int TIMESERIES = RemoteWrite.WriteRequest.TIMESERIES_FIELD_NUMBER;
    private static final int LABELS = RemoteWrite.TimeSeries.LABELS_FIELD_NUMBER;
    private static final int SAMPLES = RemoteWrite.TimeSeries.SAMPLES_FIELD_NUMBER;
    private static final int VALUE = RemoteWrite.Sample.VALUE_FIELD_NUMBER;
    private static final int TIMESTAMP = RemoteWrite.Sample.TIMESTAMP_FIELD_NUMBER;

    /** Every label's encoded field in name order; null where a series' own node_guid, port and series go. */
    private final byte[][] template;
    private final int guidAt;
    private final int portAt;
    private final int seriesAt;
    private final byte[][] seriesLabels;
    private final byte[][] portLabels;
    private final int fixedBytes;

    WriteRequests(String metric, Map<String, String> externalLabels) {
        Map<String, byte[]> sorted = new TreeMap<>(); // String order is the protocol's byte order here
        sorted.put("__name__", labelField("__name__", metric));
        externalLabels.forEach((name, value) -> sorted.put(name, labelField(name, value)));
        List<String> names = new ArrayList<>(sorted.keySet());
        names.addAll(PromQl.OWN_LABELS);
        names.sort(null);
        template = new byte[names.size()][];
        int fixed = 0;
        for (int i = 0; i < names.size(); i++) {
            template[i] = sorted.get(names.get(i));
            fixed += template[i] == null ? 0 : template[i].length;
        }
        fixedBytes = fixed;
        guidAt = names.indexOf(PromQl.NODE_GUID);
        portAt = names.indexOf(PromQl.PORT);
        seriesAt = names.indexOf(PromQl.SERIES);
        List<RateSeries> all = RateSeries.all();
        seriesLabels = new byte[all.size()][];
        for (RateSeries series : all) {
            seriesLabels[series.index()] = labelField(PromQl.SERIES, series.name());
        }
        portLabels = new byte[PortSeriesKey.MAX_PORT + 1][];
        for (int port = 0; port < portLabels.length; port++) {
            portLabels[port] = labelField(PromQl.PORT, Integer.toString(port));
        }
    }

    /** How many time series {@code sample} becomes. */
    static int seriesOf(PortRateSample sample) {
        return sample.rates().size();
    }

    /** The snappy-compressed protobuf of a request holding every rate of {@code samples}. */
    byte[] encode(List<PortRateSample> samples) {
        byte[][] guids = new byte[samples.size()][];
        int size = 0;
        for (int i = 0; i < samples.size(); i++) {
            PortRateSample sample = samples.get(i);
            guids[i] = labelField(PromQl.NODE_GUID, sample.port().nodeGuid());
            long millis = sample.at().toEpochMilli();
            int common = fixedBytes + guids[i].length + portLabels[sample.port().portNumber()].length
                    + sampleFieldSize(millis);
            int[] total = {0};
            RateValues.copyOf(sample.rates()).forEachRate((series, value) ->
                    total[0] += fieldSize(common + seriesLabels[series.index()].length));
            size += total[0];
        }
        byte[] request = new byte[size];
        CodedOutputStream out = CodedOutputStream.newInstance(request);
        try {
            for (int i = 0; i < samples.size(); i++) {
                writeSample(out, samples.get(i), guids[i]);
            }
            out.checkNoSpaceLeft();
            return Snappy.compress(request);
        } catch (IOException e) {
            throw new UncheckedIOException("could not encode a remote-write request", e);
        }
    }

    private void writeSample(CodedOutputStream out, PortRateSample sample, byte[] guid) throws IOException {
        byte[] port = portLabels[sample.port().portNumber()];
        long millis = sample.at().toEpochMilli();
        int common = fixedBytes + guid.length + port.length + sampleFieldSize(millis);
        IOException[] failed = new IOException[1];
        RateValues.copyOf(sample.rates()).forEachRate((series, value) -> {
            if (failed[0] != null) {
                return;
            }
            try {
                byte[] name = seriesLabels[series.index()];
                out.writeTag(TIMESERIES, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                out.writeUInt32NoTag(common + name.length);
                for (int l = 0; l < template.length; l++) {
                    out.writeRawBytes(l == guidAt ? guid : l == portAt ? port : l == seriesAt ? name : template[l]);
                }
                out.writeTag(SAMPLES, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                out.writeUInt32NoTag(sampleSize(millis));
                out.writeDouble(VALUE, value);
                out.writeInt64(TIMESTAMP, millis);
            } catch (IOException e) {
                failed[0] = e;
            }
        });
        if (failed[0] != null) {
            throw failed[0];
        }
    }

    private static int sampleSize(long millis) {
        return CodedOutputStream.computeDoubleSize(VALUE, 1.0) + CodedOutputStream.computeInt64Size(TIMESTAMP, millis);
    }

    private static int sampleFieldSize(long millis) {
        return fieldSize(sampleSize(millis));
    }

    /** A length-delimited field of a one-byte tag holding {@code length} bytes. */
    private static int fieldSize(int length) {
        return 1 + CodedOutputStream.computeUInt32SizeNoTag(length) + length;
    }

    /** {@code Label{name, value}} encoded as a field of {@code TimeSeries}. */
    private static byte[] labelField(String name, String value) {
        RemoteWrite.Label label = RemoteWrite.Label.newBuilder().setName(name).setValue(value).build();
        byte[] field = new byte[CodedOutputStream.computeMessageSize(LABELS, label)];
        CodedOutputStream out = CodedOutputStream.newInstance(field);
        try {
            out.writeMessage(LABELS, label);
            out.checkNoSpaceLeft();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return field;
    }
}
