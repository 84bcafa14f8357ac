package io.fabricpulse.server.metrics;

import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.OpenMetricsTextFormatWriter;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the fabric's metrics with the Prometheus client's own exposition writers, streamed: a
 * metric family is handed to the writer a chunk of {@link #CHUNK_ROWS} series at a time and the
 * bytes go out at once, so memory holds one chunk, never the page (hundreds of MB at 50,000 ports).
 *
 * <p>The formats want all series of one family together, under one {@code # TYPE} line. Each chunk
 * is a complete snapshot to the writer, so after a family's first chunk the writer's metadata lines
 * (every line starting with {@code #} before the first series) are dropped, and OpenMetrics' closing
 * {@code # EOF}, which the writer ends every call with, is kept only for the end of the page. Series
 * lines never start with {@code #} and never contain a raw newline (label values are escaped).
 */
final class FabricMetricsWriter {

    static final int CHUNK_ROWS = 1_000;
    private static final byte[] EOF = "# EOF\n".getBytes(StandardCharsets.US_ASCII);

    private final ExpositionFormatWriter format;

    FabricMetricsWriter(ExpositionFormatWriter format) {
        this.format = format;
    }

    /** OpenMetrics when the Accept header asks for it (Prometheus does), else the Prometheus text format. */
    static FabricMetricsWriter negotiate(String accept) {
        OpenMetricsTextFormatWriter openMetrics = OpenMetricsTextFormatWriter.create();
        return new FabricMetricsWriter(openMetrics.accepts(accept) ? openMetrics : PrometheusTextFormatWriter.create());
    }

    String contentType() {
        return format.getContentType();
    }

    /** Every metric for every row, family by family; an {@link IOException} means the client went away. */
    void write(OutputStream out, List<FabricMetric> metrics, List<MetricRow> rows) throws IOException {
        Chunk chunk = new Chunk();
        for (FabricMetric metric : metrics) {
            MetricMetadata metadata = new MetricMetadata(metric.name(), metric.help(), metric.unit());
            boolean first = true;
            for (int from = 0; from < rows.size(); from += CHUNK_ROWS) {
                MetricSnapshot snapshot = snapshot(metric, metadata, rows.subList(from, Math.min(rows.size(),
                        from + CHUNK_ROWS)));
                if (snapshot.getDataPoints().isEmpty()) {
                    continue;
                }
                chunk.reset();
                format.write(chunk, MetricSnapshots.of(snapshot));
                copySeries(chunk.bytes(), chunk.size(), !first, out);
                first = false;
            }
        }
        format.write(out, MetricSnapshots.of()); // OpenMetrics' "# EOF"; nothing in the Prometheus text format
        out.flush();
    }

    /** A reusable buffer whose bytes are read in place. */
    private static final class Chunk extends ByteArrayOutputStream {

        Chunk() {
            super(256 * CHUNK_ROWS);
        }

        byte[] bytes() {
            return buf;
        }
    }

    private static MetricSnapshot snapshot(FabricMetric metric, MetricMetadata metadata, List<MetricRow> rows) {
        if (metric.counter()) {
            List<CounterSnapshot.CounterDataPointSnapshot> points = new ArrayList<>(rows.size());
            for (MetricRow row : rows) {
                double value = row.valueOf(metric);
                if (!Double.isNaN(value)) {
                    points.add(new CounterSnapshot.CounterDataPointSnapshot(value, row.labels(), null, 0));
                }
            }
            return new CounterSnapshot(metadata, points);
        }
        List<GaugeSnapshot.GaugeDataPointSnapshot> points = new ArrayList<>(rows.size());
        for (MetricRow row : rows) {
            double value = row.valueOf(metric);
            if (!Double.isNaN(value)) {
                points.add(new GaugeSnapshot.GaugeDataPointSnapshot(value, row.labels(), null));
            }
        }
        return new GaugeSnapshot(metadata, points);
    }

    /** The chunk's bytes without its metadata lines ({@code dropMetadata}) and without a closing "# EOF". */
    static void copySeries(byte[] bytes, int length, boolean dropMetadata, OutputStream out) throws IOException {
        int start = 0;
        if (dropMetadata) {
            while (start < length && bytes[start] == '#') {
                int newline = indexOf(bytes, (byte) '\n', start, length);
                start = newline < 0 ? length : newline + 1;
            }
        }
        int end = length;
        if (endsWith(bytes, length, EOF)) {
            end -= EOF.length;
        }
        out.write(bytes, start, Math.max(0, end - start));
    }

    private static int indexOf(byte[] bytes, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static boolean endsWith(byte[] bytes, int length, byte[] suffix) {
        if (length < suffix.length) {
            return false;
        }
        for (int i = 0; i < suffix.length; i++) {
            if (bytes[length - suffix.length + i] != suffix[i]) {
                return false;
            }
        }
        return true;
    }
}
