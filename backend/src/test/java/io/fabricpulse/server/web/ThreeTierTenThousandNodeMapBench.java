package io.fabricpulse.server.web;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Time until the map is interactive for a generated three-level fat tree of 10,950 nodes: 20 pods of 10 spines, 25 leaves and 20 hosts per leaf, and 250 core switches (10,000 hosts, 20,000 cables); see {@link MapInteractiveBench}. The server is started as a
 * user starts it ({@link LaunchedDemoServer}: {@code scripts/server.sh}, the demo polling at its default
 * interval); {@code -Dbench.demo-interval=1s} polls every second instead. A benchmark, named out of the normal
 * build (neither *Test nor *IT): run it with {@code -Dit.test=ThreeTierTenThousandNodeMapBench} (docs/PERFORMANCE.md).
 */
class ThreeTierTenThousandNodeMapBench {

    @Test
    void measuresAThreeTierMapsTimeToInteractive() throws Exception {
        String report = MapInteractiveBench.measureLaunched(Map.of("fat-tree.pods", "20", "fat-tree.spines", "10", "fat-tree.leaves", "25", "fat-tree.hosts-per-leaf", "20"), "generated three-tier fat tree 20 pods × (10×25×20) + 250 cores", 10_950,
                Duration.ofMinutes(4));

        assertThat(report).contains("| 10950 (");
    }
}
