package io.fabricpulse.agent.testing;

import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.Mads;
import io.fabricpulse.agent.umad.EngineSettings;
import io.fabricpulse.agent.umad.MadEngine;
import io.fabricpulse.agent.umad.UmadLibrary;
import io.fabricpulse.agent.umad.UmadSource;

import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The measuring half of {@link EngineBenchmark}, run in a child JVM on the simulated fabric:
 * args {@code requests lid:port,lid:port,…}. Prints one line per measurement.
 */
public final class EngineBenchChild {

    private EngineBenchChild() {
    }

    public static void main(String[] args) throws Exception {
        int requests = Integer.parseInt(args[0]);
        List<int[]> targets = new ArrayList<>();
        for (String t : args[1].split(",")) {
            String[] lp = t.split(":");
            targets.add(new int[] {Integer.parseInt(lp[0]), Integer.parseInt(lp[1])});
        }
        UmadLibrary umad = UmadLibrary.load(UmadLibrary.DEFAULT_LIBRARY);
        for (int window : new int[] {1, 8, 64}) {
            EngineSettings settings = new EngineSettings(window, Duration.ofMillis(1000), 2);
            try (MadEngine engine = MadEngine.open(umad, "ibsim0", 1, settings, Clock.systemUTC())) {
                run(engine, targets, requests / 10);
                long start = System.nanoTime();
                run(engine, targets, requests);
                double seconds = (System.nanoTime() - start) / 1e9;
                System.out.printf("window %d: %d PortCounters requests in %.2f s = %.0f requests/s (retries %d)%n",
                        window, requests, seconds, requests / seconds, engine.retries());
            }
        }
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (UmadSource source = new UmadSource(umad, EngineSettings.DEFAULTS, Clock.systemUTC())) {
            for (int i = 0; i < 50; i++) {
                source.poll();
            }
            int polls = 200;
            long bytes = threads.getTotalThreadAllocatedBytes();
            long start = System.nanoTime();
            for (int i = 0; i < polls; i++) {
                source.poll();
            }
            long micros = (System.nanoTime() - start) / 1000 / polls;
            long allocated = (threads.getTotalThreadAllocatedBytes() - bytes) / polls;
            System.out.printf("umad poll (local port + peer switch port: 14 MADs in 5 round trips): %d us, %d bytes allocated per poll%n",
                    micros, allocated);
        }
    }

    private static void run(MadEngine engine, List<int[]> targets, int requests) throws Exception {
        List<CompletableFuture<byte[]>> futures = new ArrayList<>(requests);
        for (int i = 0; i < requests; i++) {
            int[] t = targets.get(i % targets.size());
            futures.add(engine.submit(Mads.perfGet(t[0], MadAttribute.PORT_COUNTERS, t[1])));
        }
        for (CompletableFuture<byte[]> f : futures) {
            f.get();
        }
    }
}
