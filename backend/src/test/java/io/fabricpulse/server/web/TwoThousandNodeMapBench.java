package io.fabricpulse.server.web;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Time until the map is interactive for a generated 2,000-node fat tree (20 spines, 36 leaves, 54 hosts per leaf: 1,944 hosts; the demo's generator and fault script, fabricpulse.demo.fat-tree); see {@link MapInteractiveBench}. The server is started as a
 * user starts it ({@link LaunchedDemoServer}: {@code scripts/server.sh}, the demo polling at its default
 * interval); {@code -Dbench.demo-interval=1s} polls every second instead. A benchmark, named out of the normal
 * build (neither *Test nor *IT): run it with {@code -Dit.test=TwoThousandNodeMapBench} (docs/PERFORMANCE.md).
 */
class TwoThousandNodeMapBench {

    @Test
    void measuresA2000NodeMapsTimeToInteractive() throws Exception {
        String report = MapInteractiveBench.measureLaunched(Map.of("fat-tree.spines", "20", "fat-tree.leaves", "36", "fat-tree.hosts-per-leaf", "54"), "generated fat tree 20×36×54", 2_000,
                Duration.ofMinutes(2));

        assertThat(report).contains("| 2000 (");
    }
}
