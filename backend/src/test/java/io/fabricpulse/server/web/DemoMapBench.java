package io.fabricpulse.server.web;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Time until the map is interactive for the 648-host demo (702 nodes); see {@link MapInteractiveBench}. The server is started as a
 * user starts it ({@link LaunchedDemoServer}: {@code scripts/server.sh}, the demo polling at its default
 * interval); {@code -Dbench.demo-interval=1s} polls every second instead. A benchmark, named out of the normal
 * build (neither *Test nor *IT): run it with {@code -Dit.test=DemoMapBench} (docs/PERFORMANCE.md).
 */
class DemoMapBench {

    @Test
    void measuresTheDemoMapsTimeToInteractive() throws Exception {
        String report = MapInteractiveBench.measureLaunched(Map.of(), "648-host demo", 702,
                Duration.ofMinutes(2));

        assertThat(report).contains(" | 702 (");
    }
}
