package io.fabricpulse.server.routes;

import io.fabricpulse.server.topology.model.FabricModel;
import io.fabricpulse.server.topology.model.PortEnd;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every host pair of a fat tree routed through its forwarding tables, for docs/PERFORMANCE.md: build time
 * (wall and thread CPU, median and spread of {@code bench.rounds}), the table's arrays and its heap once
 * built, cost per pair and per cable; then a job on every host (all its pairs' crossings) and one cable's
 * load. Default: the 648-host fabric (18 spines, 36 leaves, 18 hosts each, 54 switches, 419,256 pairs).
 * Not a test: the name keeps it out of normal runs; run it with
 * {@code ./mvnw -B -q -pl backend -am test -Dsurefire.failIfNoSpecifiedTests=false -Dtest=RouteBench}
 * ({@code -Dbench.spines=18 -Dbench.leaves=36 -Dbench.hosts=18 -Dbench.rounds=15}).
 */
@Tag("bench")
class RouteBench {

    @Test
    void allHostPairsOfAFatTree() {
        int spines = Integer.getInteger("bench.spines", 18);
        int leaves = Integer.getInteger("bench.leaves", 36);
        int hosts = Integer.getInteger("bench.hosts", 18);
        int rounds = Integer.getInteger("bench.rounds", 15);
        TestFabric fabric = TestFabric.fatTree(spines, leaves, hosts);
        FabricModel model = fabric.model();
        Map<String, SwitchTable> tables = fabric.switchTables();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();

        for (int warm = 0; warm < 5; warm++) {
            RouteBuilder.build(model, tables, TestFabric.READ_AT);
        }
        long[] wall = new long[rounds];
        long[] cpu = new long[rounds];
        RouteTable table = null;
        for (int round = 0; round < rounds; round++) {
            long cpu0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            table = RouteBuilder.build(model, tables, TestFabric.READ_AT);
            wall[round] = System.nanoTime() - t0;
            cpu[round] = threads.getCurrentThreadCpuTime() - cpu0;
        }
        RouteSummary summary = table.summary();
        int hostCount = leaves * hosts;
        assertThat(summary.routedPairs()).isEqualTo((long) hostCount * (hostCount - 1));

        long heapBefore = usedAfterGc();
        List<RouteTable> kept = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            kept.add(RouteBuilder.build(model, tables, TestFabric.READ_AT));
        }
        long heapPerTable = (usedAfterGc() - heapBefore) / kept.size();
        int cables = fabric.links.size();

        int[] everyone = table.endpointsOf(fabric.nodes.keySet());
        long jobCpu0 = threads.getCurrentThreadCpuTime();
        Map<PortEnd, Integer> crossed = Map.of();
        for (int i = 0; i < 5; i++) {
            crossed = table.crossings(everyone);
        }
        long jobMicros = (threads.getCurrentThreadCpuTime() - jobCpu0) / 5 / 1000;
        PortEnd uplink = fabric.links.getFirst().a().end();
        long loadCpu0 = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < 100_000; i++) {
            table.load(uplink);
        }
        long loadNanos = (threads.getCurrentThreadCpuTime() - loadCpu0) / 100_000;

        System.out.printf("route bench: %d switches, %d hosts, %d cables, %d host pairs (mean %.2f hops, max %d)%n",
                summary.switches(), hostCount, cables, summary.routedPairs(), summary.meanHops(), summary.maxHops());
        System.out.printf("  build, %d rounds: wall median %.1f ms (min %.1f, max %.1f); thread CPU median %.1f ms "
                        + "(min %.1f, max %.1f)%n", rounds, ms(median(wall)), ms(min(wall)), ms(max(wall)),
                ms(median(cpu)), ms(min(cpu)), ms(max(cpu)));
        System.out.printf("  per pair %.0f ns CPU; per cable %.1f µs CPU%n", (double) median(cpu) / summary.routedPairs(),
                median(cpu) / 1000.0 / cables);
        System.out.printf("  memory: arrays %,d bytes (%.1f bytes per pair, %,d per cable); heap %,d bytes per table (40 kept; the switch tables are shared with the store, not copied)%n",
                table.memoryBytes(), (double) table.memoryBytes() / summary.routedPairs(), table.memoryBytes() / cables,
                heapPerTable);
        System.out.printf("  a job on all %d hosts: %d cable directions crossed, %,d µs CPU; one cable's load: %d ns%n",
                hostCount, crossed.size(), jobMicros, loadNanos);
        assertThat(kept).hasSize(40);
    }

    private static long usedAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static long min(long[] values) {
        return Arrays.stream(values).min().orElseThrow();
    }

    private static long max(long[] values) {
        return Arrays.stream(values).max().orElseThrow();
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
