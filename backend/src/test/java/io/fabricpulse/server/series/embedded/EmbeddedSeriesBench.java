package io.fabricpulse.server.series.embedded;

import io.fabricpulse.server.series.Consolidation;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.WorstQuery;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How fast the embedded store writes, for docs/PERFORMANCE.md. Not a test: the name keeps it out of
 * the normal runs, and it asserts nothing about time. Run it with
 * {@code ./mvnw -B -q -pl backend -am test -Dsurefire.failIfNoSpecifiedTests=false -Dtest=EmbeddedSeriesBench}
 * and {@code -Dbench.ports=10000 -Dbench.rounds=30 -Dbench.layout=small|default -Dbench.threads=2
 * -Dbench.dir=/path} as needed (give a directory on the disk to measure). Every sample carries all 23 series.
 */
@Tag("bench")
class EmbeddedSeriesBench {

    private static final Instant T0 = Instant.parse("2026-03-02T10:00:00Z");

    @Test
    void writeThroughput() throws Exception {
        int ports = Integer.getInteger("bench.ports", 10_000);
        int rounds = Integer.getInteger("bench.rounds", 30);
        int threads = Integer.getInteger("bench.threads", 2);
        String layoutName = System.getProperty("bench.layout", "small");
        Path directory = Files.createTempDirectory(Path.of(System.getProperty("bench.dir",
                System.getProperty("java.io.tmpdir"))), "fabricpulse-series-bench-");
        EmbeddedSeriesProperties properties = layoutName.equals("default")
                ? EmbeddedSeriesProperties.defaultsIn(directory) : TestLayouts.small(directory);
        List<PortSeriesKey> keys = new ArrayList<>();
        for (int i = 0; i < ports; i++) {
            keys.add(new PortSeriesKey("0x%016x".formatted(0x0002_c903_0000_0000L + i / 36), i % 36 + 1));
        }

        try (EmbeddedSeriesStore store = new EmbeddedSeriesStore(properties);
             ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            long heapBefore = usedHeap();
            long cpuBefore = processCpuNanos();
            double createSeconds = timeRound(store, pool, keys, threads, 0);
            long createCpu = processCpuNanos() - cpuBefore;
            long heapPerPort = (usedHeap() - heapBefore) / ports;
            long start = System.nanoTime();
            long steadyCpuBefore = processCpuNanos();
            for (int round = 1; round < rounds; round++) {
                timeRound(store, pool, keys, threads, round);
            }
            double steadySeconds = (System.nanoTime() - start) / 1e9;
            long steadyCpu = processCpuNanos() - steadyCpuBefore;
            long samples = (long) ports * (rounds - 1);

            long queryStart = System.nanoTime();
            int charts = Math.min(ports, 1000);
            for (int i = 0; i < charts; i++) {
                store.rates(new RateQuery(keys.get(i), RateSeries.named("SymbolErrorCounter"), Consolidation.AVERAGE,
                        T0, T0.plusSeconds(10L * rounds), Duration.ofSeconds(10)));
            }
            double chartSeconds = (System.nanoTime() - queryStart) / 1e9;
            long worstStart = System.nanoTime();
            long worstCpuBefore = processCpuNanos();
            int ranked = store.worst(new WorstQuery(RateSeries.named("PortXmitDiscards"), Consolidation.MAX, T0,
                    T0.plusSeconds(10L * rounds), 10)).size();
            double worstSeconds = (System.nanoTime() - worstStart) / 1e9;
            long worstCpu = processCpuNanos() - worstCpuBefore;
            System.out.printf("  process CPU (all threads): creation %.1f us per port, steady %.1f us per sample, "
                    + "worst-10 %.2f s%n", createCpu / 1e3 / ports, steadyCpu / 1e3 / ((long) ports * (rounds - 1)),
                    worstCpu / 1e9);

            System.out.printf("""
                    embedded series bench: %d ports x %d rounds, %d series per sample, layout %s (%d bytes/port), \
                    %d writer threads, %d CPUs
                      first round (creates the slots): %.1f s = %.0f ports/s, %.0f MB/s
                      steady rounds: %d samples in %.1f s = %.0f samples/s = %.0f points/s
                      heap per port: ~%d bytes
                      chart queries (1 port, %d buckets): %.0f/s; worst-10 over all ports: %.2f s (%d ranked)
                    """, ports, rounds, RateSeries.all().size(), layoutName, store.bytesPerPort(), threads,
                    Runtime.getRuntime().availableProcessors(), createSeconds, ports / createSeconds,
                    ports * (double) store.bytesPerPort() / createSeconds / 1e6, samples, steadySeconds,
                    samples / steadySeconds, samples * RateSeries.all().size() / steadySeconds, heapPerPort, rounds,
                    charts / chartSeconds, worstSeconds, ranked);
            assertThat(store.skippedPoints()).isZero();
            assertThat(ranked).isEqualTo(Math.min(10, ports));
        } finally {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    /** One sample per port at T0 + 10 s x round, the ports split among the writer threads. */
    private static double timeRound(EmbeddedSeriesStore store, ExecutorService pool, List<PortSeriesKey> keys,
                                    int threads, int round) throws Exception {
        long start = System.nanoTime();
        List<Future<?>> writers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            List<PortSeriesKey> share = keys.subList(keys.size() * t / threads, keys.size() * (t + 1) / threads);
            writers.add(pool.submit(() -> {
                List<PortRateSample> batch = new ArrayList<>(500);
                for (PortSeriesKey key : share) {
                    Map<RateSeries, Double> rates = new HashMap<>();
                    for (RateSeries series : RateSeries.all()) {
                        rates.put(series, (double) (round * 31 + series.index() + key.portNumber()));
                    }
                    batch.add(new PortRateSample(key, T0.plusSeconds(10L * round), rates));
                    if (batch.size() == 500) {
                        store.write(batch);
                        batch.clear();
                    }
                }
                store.write(batch);
            }));
        }
        for (Future<?> writer : writers) {
            writer.get();
        }
        return (System.nanoTime() - start) / 1e9;
    }

    /** CPU time of the whole JVM (writers, GC, JIT): robust where other processes share the cores. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long usedHeap() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
