package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.agent.testing.MutableClock;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.server.fabric.LiveFabric;
import io.fabricpulse.server.testing.TestBatches;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.fabricpulse.server.testing.LiveFabricBuilder.liveFabric;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Heap per tracked port, for docs/PERFORMANCE.md: the windows alone, and a whole port of the live
 * fabric (latest view, rate baselines, windows, map entry). Measured as the heap delta after full
 * collections of N instances kept alive. Not a test: the name keeps it out of normal runs. Run it with
 * {@code ./mvnw -B -q -pl backend -am test -Dsurefire.failIfNoSpecifiedTests=false -Dtest=WindowMemoryBench}
 * and {@code -Dbench.ports=20000} as needed.
 */
@Tag("bench")
class WindowMemoryBench {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final int PORTS_PER_NODE = 20;

    @Test
    void heapPerTrackedPort() {
        int ports = Integer.getInteger("bench.ports", 20_000);

        PortRates rates = new PortRates();
        rates.update(allCounters(0), CounterWidth.EXTENDED_DATA, T0);
        System.out.printf("WindowBuckets: %,d bytes per port (%,d ports, every counter growing)%n",
                bytesPerWindows(ports, rates.update(allCounters(10), CounterWidth.EXTENDED_DATA, T0.plusSeconds(10))), ports);
        PortRates healthy = new PortRates();
        healthy.update(trafficCounters(0), CounterWidth.EXTENDED_DATA, T0);
        System.out.printf("WindowBuckets: %,d bytes per port (%,d ports, traffic counters growing, error counters 0)%n",
                bytesPerWindows(ports, healthy.update(trafficCounters(10), CounterWidth.EXTENDED_DATA, T0.plusSeconds(10))),
                ports);

        long before = usedAfterGc();
        LiveFabric fabric = liveFabric().clock(new MutableClock(T0)).build();
        for (int round = 0; round < 3; round++) {
            for (int node = 0; node < ports / PORTS_PER_NODE; node++) {
                fabric.apply(batchOf(node, round));
            }
        }
        long fabricBytes = usedAfterGc() - before;
        int tracked = fabric.ports().size();
        System.out.printf("LiveFabric: %,d bytes per tracked port (%,d ports, all %d counters, windows included)%n",
                fabricBytes / tracked, tracked, PortCounter.values().length);
        System.out.printf("JVM: %s %s, %s%n", System.getProperty("java.vm.name"), System.getProperty("java.version"),
                ManagementFactory.getRuntimeMXBean().getInputArguments());
        assertThat(tracked).isEqualTo(ports / PORTS_PER_NODE * PORTS_PER_NODE);
    }

    private static IngestBatch batchOf(int node, int round) {
        String guid = String.format("0x0002c903%08x", node);
        List<PortReport> ports = new ArrayList<>();
        for (int p = 1; p <= PORTS_PER_NODE; p++) {
            ports.add(TestBatches.activePort(p, allCounters(1_000L * round + p)));
        }
        NodeReport report = new NodeReport(guid, guid, io.fabricpulse.model.ingest.NodeType.SWITCH, "switch " + node,
                null, null, null, ports);
        return TestBatches.batch("bench", round, T0.plusSeconds(10L * round), report);
    }

    private static Map<String, Long> allCounters(long value) {
        Map<String, Long> counters = new HashMap<>();
        for (PortCounter counter : PortCounter.values()) {
            counters.put(counter.ibaName(), Math.min(value, counter.max(false) - 1));
        }
        return counters;
    }

    /** Heap per port of {@code ports} windows that recorded {@code result}. */
    private static long bytesPerWindows(int ports, PortRates.Result result) {
        long before = usedAfterGc();
        List<WindowBuckets> windows = new ArrayList<>(ports);
        for (int i = 0; i < ports; i++) {
            WindowBuckets w = new WindowBuckets();
            w.record(T0, T0.plusSeconds(10), result);
            windows.add(w);
        }
        long bytes = usedAfterGc() - before - (16L + 4L * ports);  // minus the list holding them
        assertThat(windows).hasSize(ports);
        return bytes / ports;
    }

    /** Every counter read, the error counters at 0: a healthy port. */
    private static Map<String, Long> trafficCounters(long value) {
        Map<String, Long> counters = allCounters(value);
        for (PortCounter counter : PortCounter.values()) {
            if (counter.kind() == PortCounter.Kind.ERROR) {
                counters.put(counter.ibaName(), 0L);
            }
        }
        return counters;
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 5; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
