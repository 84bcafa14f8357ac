package io.fabricpulse.server.series.prometheus;

import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.RateValues;
import io.fabricpulse.server.testing.LoopbackEngine;
import io.fabricpulse.server.testing.PrometheusServer;
import io.fabricpulse.server.testing.VictoriaMetricsServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Remote-write throughput of the prometheus store against a real engine: {@code bench.rate} port samples
 * per second offered (default 50,000, each with all 23 rate series) for {@code bench.seconds}, as the
 * ingest pipeline hands them over (batches of 10,000). Prints what was delivered per second, the queue
 * (lag = queued / delivery rate), what was dropped, and how long the queue took to drain. Not a test:
 * the name keeps it out of the normal runs, and it asserts nothing about time. Run it with
 * {@code ./mvnw -B -q -pl backend -am test -Dsurefire.failIfNoSpecifiedTests=false -Dtest=RemoteWriteBench}
 * and {@code -Dbench.engine=victoria-metrics|prometheus -Dbench.rate=50000 -Dbench.seconds=20
 * -Dbench.series=23}; figures also go to backend/target/remote-write-bench.md.
 */
@Tag("bench")
class RemoteWriteBench {

    private static final int BATCH = 10_000;

    @Test
    void throughputAtTheOfferedRate() throws Exception {
        String engineName = System.getProperty("bench.engine", "victoria-metrics");
        int rate = Integer.getInteger("bench.rate", 50_000);
        int seconds = Integer.getInteger("bench.seconds", 20);
        int seriesPerSample = Integer.getInteger("bench.series", RateSeries.all().size());
        List<RateSeries> series = RateSeries.all().subList(0, seriesPerSample);
        try (LoopbackEngine engine = engineName.equals("prometheus")
                ? PrometheusServer.start(PrometheusServer.RECEIVER_ONLY) : VictoriaMetricsServer.start();
             PrometheusSeriesStore store = new PrometheusSeriesStore(new PrometheusSeriesProperties(
                     engine.url().resolve("/api/v1/write"), engine.url(), null, null, null, Map.of(), Map.of(),
                     "fabricpulse_port_rate", Duration.ofSeconds(10), 200_000, 2, 10_000, Duration.ofMillis(100),
                     Duration.ofSeconds(30), Duration.ZERO, Duration.ofHours(24), 64_000_000), Clock.systemUTC())) {
            List<PortSeriesKey> ports = new ArrayList<>(rate);
            for (int i = 0; i < rate; i++) {
                ports.add(new PortSeriesKey("0x%016x".formatted(0x0c42_a103_0000_0000L + i / 36), i % 36 + 1));
            }
            StringBuilder report = new StringBuilder("| second | offered port samples | delivered series | "
                    + "delivered port samples/s | queued | lag s | dropped |\n|---|---|---|---|---|---|---|\n");
            long start = System.nanoTime();
            long lastDelivered = 0;
            long maxQueued = 0;
            Instant t0 = Instant.now().minusSeconds(seconds + 60);
            for (int s = 0; s < seconds; s++) {
                Instant at = t0.plusSeconds(s);
                for (int first = 0; first < rate; first += BATCH) {
                    List<PortRateSample> batch = new ArrayList<>(BATCH);
                    for (int i = first; i < Math.min(rate, first + BATCH); i++) {
                        RateValues.Builder values = new RateValues.Builder();
                        for (RateSeries one : series) {
                            values.put(one, i + one.index() + s);
                        }
                        batch.add(new PortRateSample(ports.get(i), at, values.build()));
                    }
                    store.write(batch);
                }
                long wait = start + (s + 1) * 1_000_000_000L - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
                RemoteWriter.Stats stats = store.stats();
                long deliveredNow = stats.deliveredSeries() - lastDelivered;
                lastDelivered = stats.deliveredSeries();
                double samplesPerSecond = deliveredNow / (double) seriesPerSample;
                maxQueued = Math.max(maxQueued, stats.queuedSamples());
                report.append("| %d | %,d | %,d | %,.0f | %,d | %.1f | %,d |%n".formatted(s + 1, (long) rate * (s + 1),
                        stats.deliveredSeries(), samplesPerSecond, stats.queuedSamples(),
                        samplesPerSecond == 0 ? Double.POSITIVE_INFINITY : stats.queuedSamples() / samplesPerSecond,
                        stats.droppedSamples()));
            }
            double offerSeconds = (System.nanoTime() - start) / 1e9;
            long drainStart = System.nanoTime();
            boolean drained = store.awaitWrites(Duration.ofMinutes(5));
            double drainSeconds = (System.nanoTime() - drainStart) / 1e9;
            double totalSeconds = (System.nanoTime() - start) / 1e9;
            RemoteWriter.Stats end = store.stats();
            long offered = (long) rate * seconds;
            long deliveredSamples = end.deliveredSeries() / seriesPerSample;
            report.append(("%n%s: offered %,d port samples (%d series each) at %,d/s for %.1f s; delivered %,d "
                    + "(%,.0f port samples/s = %,.0f series/s over %.1f s), dropped %,d, rejected %,d series, max queued "
                    + "%,d; the queue %s %.1f s after offering stopped. /proc/loadavg: %s%n").formatted(engineName,
                    offered, seriesPerSample, rate, offerSeconds, deliveredSamples, deliveredSamples / totalSeconds,
                    end.deliveredSeries() / totalSeconds, totalSeconds, end.droppedSamples(), end.rejectedSeries(),
                    maxQueued, drained ? "drained" : "had not drained", drainSeconds,
                    Files.readString(Path.of("/proc/loadavg")).strip()));
            System.out.println(report);
            Files.writeString(Path.of("target", "remote-write-bench.md"), report);
        }
    }
}
