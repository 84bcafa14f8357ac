package io.fabricpulse.server.series.prometheus;

import io.fabricpulse.server.series.BucketGrid;
import io.fabricpulse.server.series.CheckResult;
import io.fabricpulse.server.series.PortRate;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreException;
import io.fabricpulse.server.series.WorstQuery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpClient;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Rates in a Prometheus-compatible engine: written with remote write (in the background, see
 * {@link RemoteWriter}), read back with PromQL. Every rate is a series of the configured metric
 * ({@code fabricpulse_port_rate}) with labels {@code node_guid}, {@code port} and {@code series} (the
 * IBA counter name or a derived name), plus the external labels. Retention and downsampling are the
 * engine's.
 *
 * <p>Replays: a port's point that is not newer than the last one queued for it is not sent again
 * (Prometheus refuses a whole request with one out-of-order point). Reads wait up to
 * {@code read-your-writes} for what was queued before them.
 *
 * <p>Bucket edges, the same on every engine: a chart range up to {@code raw-read-limit} is read as raw
 * points and bucketed here exactly as the other stores do. Longer ranges, and worst-ports windows, are
 * consolidated by the engine, evaluated 1 ms before a bucket's (window's) end over one step (the
 * window): VictoriaMetrics' and Prometheus 3's windows are open at the start, so that is exactly
 * {@code [start, end)}; Prometheus 2's are closed, so a point stamped exactly 1 ms before the start
 * counts too.
 */
public final class PrometheusSeriesStore implements SeriesStore {

    private static final Logger log = LoggerFactory.getLogger(PrometheusSeriesStore.class);

    private final PrometheusSeriesProperties properties;
    private final RemoteWriter writer;
    private final PromQlClient promQl;
    private final PromQl queries;
    /** Per port, the time (ms) of the newest point queued: older and equal ones are replays. */
    private final Map<PortSeriesKey, Long> lastQueued = new ConcurrentHashMap<>();

    public PrometheusSeriesStore(PrometheusSeriesProperties properties, Clock clock) {
        this.properties = properties;
        HttpClient http = HttpClient.newBuilder().connectTimeout(properties.timeout())
                .version(HttpClient.Version.HTTP_1_1).build();
        this.writer = new RemoteWriter(properties, http, clock);
        this.promQl = new PromQlClient(properties, http);
        this.queries = new PromQl(properties.metric(), properties.externalLabels());
        log.info("Prometheus series store: {}", properties);
    }

    @Override
    public void write(List<PortRateSample> batch) {
        List<PortRateSample> fresh = new ArrayList<>(batch.size());
        for (PortRateSample sample : batch) {
            if (sample.rates().isEmpty()) {
                continue;
            }
            long at = sample.at().toEpochMilli();
            boolean[] newer = new boolean[1];
            lastQueued.compute(sample.port(), (port, last) -> {
                newer[0] = last == null || at > last;
                return newer[0] ? at : last;
            });
            if (newer[0]) {
                fresh.add(sample);
            }
        }
        if (!fresh.isEmpty()) {
            writer.enqueue(fresh);
        }
    }

    @Override
    public List<RatePoint> rates(RateQuery query) {
        awaitWrites();
        long from = query.from().toEpochMilli();
        long to = query.to().toEpochMilli();
        BucketGrid grid = new BucketGrid(query);
        if (to - from <= properties.rawReadLimit().toMillis()) {
            // One second of margin on each side, whatever the engine's window edges; the points are filtered here.
            JsonNode data = promQl.query(queries.rawPoints(query.port(), query.series(),
                    Duration.ofMillis(to - from + 1_000)), to);
            for (JsonNode series : data.path("result")) {
                for (JsonNode point : series.path("values")) {
                    long at = PromQlClient.millis(point.path(0));
                    if (at >= from && at < to) {
                        grid.add(Math.floorDiv(at, 1000), 1, PromQlClient.value(point.path(1)));
                    }
                }
            }
            return grid.points();
        }
        long step = query.step().toMillis();
        JsonNode data = promQl.queryRange(queries.consolidated(query.port(), query.series(), query.consolidation(),
                query.step()), from + step - 1, to - 1, step);
        for (JsonNode series : data.path("result")) {
            for (JsonNode point : series.path("values")) {
                long bucketStart = PromQlClient.millis(point.path(0)) + 1 - step;
                grid.add(Math.floorDiv(bucketStart, 1000), query.stepSeconds(), PromQlClient.value(point.path(1)));
            }
        }
        return grid.points();
    }

    @Override
    public List<PortRate> worst(WorstQuery query) {
        awaitWrites();
        long from = query.from().toEpochMilli();
        long to = query.to().toEpochMilli();
        JsonNode data = promQl.query(queries.worst(query.series(), query.consolidation(), Duration.ofMillis(to - from),
                query.limit()), to - 1);
        List<PortRate> ranked = new ArrayList<>();
        for (JsonNode series : data.path("result")) {
            double value = PromQlClient.value(series.path("value").path(1));
            PortSeriesKey port = portOf(series.path("metric"));
            if (port != null && !Double.isNaN(value)) {
                ranked.add(new PortRate(port, value));
            }
        }
        ranked.sort(PortRate.WORST_FIRST);
        return List.copyOf(ranked.subList(0, Math.min(query.limit(), ranked.size())));
    }

    @Override
    public CheckResult check() {
        RemoteWriter.Stats stats = writer.stats();
        String writes = "remote write to " + properties.writeUrl() + ": " + stats.deliveredSeries() + " series delivered, "
                + stats.queuedSamples() + " port samples queued, " + stats.droppedSamples() + " dropped, "
                + stats.rejectedSeries() + " series rejected";
        try {
            promQl.query("vector(1)", System.currentTimeMillis());
        } catch (RuntimeException e) {
            return CheckResult.failed("PromQL at " + properties.queryUrl() + ": " + e.getMessage() + "; " + writes);
        }
        if (stats.failing()) {
            return CheckResult.failed(writes + "; failing now: " + stats.lastFailure());
        }
        return CheckResult.ok("PromQL at " + properties.queryUrl() + " answers; " + writes);
    }

    /** What the remote writer did so far, for metrics and tests. */
    public RemoteWriter.Stats stats() {
        return writer.stats();
    }

    /** Waits until everything written before is sent (or refused, or dropped); false on time-out. */
    public boolean awaitWrites(Duration patience) {
        try {
            return writer.awaitSent(patience);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SeriesStoreException("interrupted while waiting for remote writes", e);
        }
    }

    @Override
    public void close() {
        writer.close();
    }

    private void awaitWrites() {
        if (!properties.readYourWrites().isZero() && !awaitWrites(properties.readYourWrites())) {
            log.debug("reading before the remote writes queued before were delivered (endpoint slow or down)");
        }
    }

    /** Series written by someone else (or by hand) that name no port are not ours to rank. */
    private static PortSeriesKey portOf(JsonNode labels) {
        try {
            return new PortSeriesKey(labels.path(PromQl.NODE_GUID).asString(""),
                    Integer.parseInt(labels.path(PromQl.PORT).asString("")));
        } catch (RuntimeException e) {
            log.debug("ignoring series with labels {}: {}", labels, e.getMessage());
            return null;
        }
    }
}
