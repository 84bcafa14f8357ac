package io.fabricpulse.server.web;

import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/** Time until the map is interactive for the 648-host demo (702 nodes); see {@link MapInteractiveBench}. */
class DemoMapBench extends DemoServerBrowserTest {

    @Test
    void measuresTheDemoMapsTimeToInteractive() throws IOException {
        String report = MapInteractiveBench.measure(this::open, PATIENCE_MS, "648-host demo", 702);

        assertThat(report).contains("| 648-host demo | 702 (");
    }
}
