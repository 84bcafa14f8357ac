package io.fabricpulse.server.metrics;

import io.fabricpulse.server.alerting.AlertEngine;
import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.fabric.FabricExport;
import io.fabricpulse.server.topology.ClusterDirectory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /metrics/fabric}: the live fabric's counters and gauges for Prometheus to scrape, in the
 * Prometheus text format or OpenMetrics by the Accept header (docs/PROMETHEUS.md). The page is made
 * off the event loop and streamed as it is written; a read token or a viewer is needed, as for every
 * read (security.AccessRules).
 */
@RestController
class FabricMetricsController {

    static final String PATH = "/metrics/fabric";
    private static final Logger log = LoggerFactory.getLogger(FabricMetricsController.class);

    private final FabricExport fabric;
    private final ClusterDirectory clusters;
    private final ObjectProvider<AlertEngine> alerts;
    private final FabricMetricsProperties properties;
    private final List<FabricMetric> metrics;

    FabricMetricsController(FabricExport fabric, ClusterDirectory clusters, ObjectProvider<AlertEngine> alerts,
                            FabricMetricsProperties properties) {
        this.fabric = fabric;
        this.clusters = clusters;
        this.alerts = alerts;
        this.properties = properties;
        this.metrics = FabricMetricCatalog.of(properties.groups());
    }

    @GetMapping(PATH)
    Mono<Void> scrape(@RequestHeader(name = HttpHeaders.ACCEPT, required = false) String accept,
                      ServerWebExchange exchange) {
        FabricMetricsWriter writer = FabricMetricsWriter.negotiate(accept);
        ServerHttpResponse response = exchange.getResponse();
        response.getHeaders().setContentType(MediaType.parseMediaType(writer.contentType()));
        return response.writeWith(DataBufferUtils.outputStreamPublisher(out -> write(writer, out),
                response.bufferFactory(), task -> Schedulers.boundedElastic().schedule(task)));
    }

    /** Writes the page; a client that went away ends it with one log line, never an error upstream. */
    void write(FabricMetricsWriter writer, OutputStream out) {
        long started = System.nanoTime();
        Counting counted = new Counting(out);
        try {
            AlertEngine engine = alerts.getIfAvailable();
            Map<String, Severity> severities = engine == null || !properties.groups()
                    .contains(MetricGroup.ALERTS) ? Map.of() : engine.openSeverityBySubject();
            List<MetricRow> rows = FabricRows.of(fabric.exportedPorts(), properties.scope(), clusters::clusterOf,
                    severities);
            writer.write(counted, metrics, rows);
            log.debug("{}: {} series rows, {} bytes in {} ms", PATH, rows.size(), counted.bytes,
                    (System.nanoTime() - started) / 1_000_000);
        } catch (IOException | UncheckedIOException gone) {
            // The scraper hung up or timed out mid-page: nothing to repair, ingest never waited on this.
            log.info("{}: the client went away after {} bytes ({} ms): {}", PATH, counted.bytes,
                    (System.nanoTime() - started) / 1_000_000, gone.getMessage());
        }
    }

    /** How much of the page went out, for the log line of an interrupted scrape. */
    private static final class Counting extends FilterOutputStream {

        long bytes;

        Counting(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            bytes += len;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            bytes++;
        }
    }
}
