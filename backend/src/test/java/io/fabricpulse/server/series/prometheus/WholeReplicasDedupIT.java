package io.fabricpulse.server.series.prometheus;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.testing.VictoriaMetricsServer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 27: whole replicas each write every sample to a Prometheus-compatible engine they share. Without a
 * replica label both write the same series with the same timestamps and values; VictoriaMetrics started with
 * {@code -dedup.minScrapeInterval} keeps one sample per interval, so history costs one copy. Shown against a
 * real VictoriaMetrics (Debian's), and against one without the flag, which keeps both copies (why the flag
 * is in the deployment docs).
 */
class WholeReplicasDedupIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final RateSeries SYMBOL_ERRORS = RateSeries.named("SymbolErrorCounter");
    private static final int SAMPLES = 30;

    @Test
    void twoReplicasWritingEverySampleKeepOneCopyWithTheEnginesDeduplication() throws Exception {
        try (VictoriaMetricsServer deduplicating = VictoriaMetricsServer.start("-dedup.minScrapeInterval=1s");
             VictoriaMetricsServer plain = VictoriaMetricsServer.start()) {
            List<PortRateSample> samples = samples();
            Map<String, String> site = Map.of("site", "noc-1");

            assertThat(writeFromBothReplicas(deduplicating, site, samples)).as("samples kept with deduplication")
                    .isEqualTo(SAMPLES);
            assertThat(writeFromBothReplicas(plain, site, samples)).as("samples kept without it")
                    .isEqualTo(2 * SAMPLES);

            try (PrometheusSeriesStore reader = store(deduplicating, site)) {
                List<RatePoint> chart = reader.rates(new RateQuery(samples.getFirst().port(), SYMBOL_ERRORS,
                        Consolidation.AVERAGE, samples.getFirst().at(), samples.getLast().at().plusSeconds(1),
                        Duration.ofSeconds(1)));
                assertThat(chart).extracting(RatePoint::value).as("the chart, read back once")
                        .containsExactlyElementsOf(samples.stream().map(s -> s.rates().get(SYMBOL_ERRORS)).toList());
            }
        }
    }

    /** Both replicas' stores write the samples; the raw samples the engine then holds. */
    private static long writeFromBothReplicas(VictoriaMetricsServer engine, Map<String, String> labels,
                                              List<PortRateSample> samples) throws Exception {
        try (PrometheusSeriesStore a = store(engine, labels); PrometheusSeriesStore b = store(engine, labels)) {
            a.write(samples);
            b.write(samples);
            a.awaitWrites(Duration.ofSeconds(30));
            b.awaitWrites(Duration.ofSeconds(30));
        }
        engine.forceFlush();
        // The raw samples as the engine keeps them (/api/v1/export: one JSON line per series).
        String selector = "{site=\"noc-1\",series=\"SymbolErrorCounter\"}";
        HttpResponse<String> export = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(engine.url()
                + "/api/v1/export?match[]=" + URLEncoder.encode(selector, StandardCharsets.UTF_8))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(export.statusCode()).as(export.body()).isEqualTo(200);
        List<String> series = export.body().lines().filter(line -> !line.isBlank()).toList();
        assertThat(series).as("one series: both replicas write the same labels").hasSize(1);
        return JSON.readTree(series.getFirst()).path("timestamps").size();
    }

    private static PrometheusSeriesStore store(VictoriaMetricsServer engine, Map<String, String> labels) {
        return new PrometheusSeriesStore(PrometheusTestProperties.of(engine.writeUrl(), engine.url(), labels),
                Clock.systemUTC());
    }

    /** One port's symbol-error rate, a sample a second over the last minute (within the default lookback). */
    private static List<PortRateSample> samples() {
        Instant start = Instant.now().minusSeconds(SAMPLES + 5).truncatedTo(ChronoUnit.SECONDS);
        PortSeriesKey port = new PortSeriesKey("0x0002c9030000aa01", 1);
        List<PortRateSample> samples = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            samples.add(new PortRateSample(port, start.plusSeconds(i), Map.of(SYMBOL_ERRORS, (double) (i % 7))));
        }
        return samples;
    }
}
