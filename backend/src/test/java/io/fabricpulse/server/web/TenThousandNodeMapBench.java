package io.fabricpulse.server.web;

import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Time until the map is interactive for a generated 10,040-node fat tree (40 spines, 200 leaves, 49 hosts per
 * leaf: 9,800 hosts, 17,800 cables); see {@link MapInteractiveBench}. The simulated fabric of that size takes
 * minutes to come up on two cores, so the bench is named out of the normal build (neither *Test nor *IT): run
 * it with {@code -Dit.test=TenThousandNodeMapBench} (docs/PERFORMANCE.md).
 */
@TestPropertySource(properties = {"fabricpulse.demo.fat-tree.spines=40", "fabricpulse.demo.fat-tree.leaves=200",
        "fabricpulse.demo.fat-tree.hosts-per-leaf=49"})
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class TenThousandNodeMapBench extends DemoServerBrowserTest {

    @Test
    void measuresA10000NodeMapsTimeToInteractive() throws IOException {
        String report = MapInteractiveBench.measure(this::open, 4 * PATIENCE_MS, "generated fat tree 40×200×49", 10_040);

        assertThat(report).contains("| 10040 (");
    }
}
