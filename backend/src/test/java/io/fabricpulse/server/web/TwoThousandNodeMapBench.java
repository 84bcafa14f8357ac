package io.fabricpulse.server.web;

import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Time until the map is interactive for a generated 2,000-node fat tree (20 spines, 36 leaves, 54 hosts per
 * leaf: 1,944 hosts; the demo's generator and fault script, fabricpulse.demo.fat-tree); see
 * {@link MapInteractiveBench}. Its own server, closed afterwards so it does not keep polling beside the others.
 */
@TestPropertySource(properties = {"fabricpulse.demo.fat-tree.spines=20", "fabricpulse.demo.fat-tree.leaves=36",
        "fabricpulse.demo.fat-tree.hosts-per-leaf=54"})
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class TwoThousandNodeMapBench extends DemoServerBrowserTest {

    @Test
    void measuresA2000NodeMapsTimeToInteractive() throws IOException {
        String report = MapInteractiveBench.measure(this::open, PATIENCE_MS, "generated fat tree 20×36×54", 2_000);

        assertThat(report).contains("| 2000 (");
    }
}
