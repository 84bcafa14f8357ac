package io.fabricpulse.server.web;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static io.fabricpulse.server.web.DemoServerBrowserTest.PATIENCE_MS;
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
        Map<String, String> demo = new HashMap<>(Map.of("fat-tree.spines", "20", "fat-tree.leaves", "36", "fat-tree.hosts-per-leaf", "54"));
        String interval = System.getProperty("bench.demo-interval");
        if (interval != null) {
            demo.put("interval", interval);
        }
        try (LaunchedDemoServer server = LaunchedDemoServer.start(demo, Duration.ofMinutes(2))) {
            String report = MapInteractiveBench.measure(server::open, PATIENCE_MS,
                    "generated fat tree 20×36×54" + (interval == null ? "" : ", polled every " + interval), 2_000);

            assertThat(report).contains("| 2000 (");
        }
    }
}
