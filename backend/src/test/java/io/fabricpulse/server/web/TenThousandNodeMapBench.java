package io.fabricpulse.server.web;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Time until the map is interactive for a generated 10,040-node fat tree (40 spines, 200 leaves, 49 hosts per leaf: 9,800 hosts, 17,800 cables); see {@link MapInteractiveBench}. The server is started as a
 * user starts it ({@link LaunchedDemoServer}: {@code scripts/server.sh}, the demo polling at its default
 * interval); {@code -Dbench.demo-interval=1s} polls every second instead. A benchmark, named out of the normal
 * build (neither *Test nor *IT): run it with {@code -Dit.test=TenThousandNodeMapBench} (docs/PERFORMANCE.md).
 */
class TenThousandNodeMapBench {

    @Test
    void measuresA10000NodeMapsTimeToInteractive() throws Exception {
        String report = MapInteractiveBench.measureLaunched(Map.of("fat-tree.spines", "40", "fat-tree.leaves", "200", "fat-tree.hosts-per-leaf", "49"), "generated fat tree 40×200×49", 10_040,
                Duration.ofMinutes(4));

        assertThat(report).contains("| 10040 (");
    }
}
