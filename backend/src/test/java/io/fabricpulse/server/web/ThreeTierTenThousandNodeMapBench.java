package io.fabricpulse.server.web;

import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Time until the map is interactive for a generated three-level fat tree of 10,950 nodes: 20 pods of 10 spines,
 * 25 leaves and 20 hosts per leaf, and 250 core switches (10,000 hosts, 20,000 cables); see
 * {@link MapInteractiveBench}. Like {@link TenThousandNodeMapBench}, named out of the normal build: run it with
 * {@code -Dit.test=ThreeTierTenThousandNodeMapBench} (docs/PERFORMANCE.md).
 */
@TestPropertySource(properties = {"fabricpulse.demo.fat-tree.pods=20", "fabricpulse.demo.fat-tree.spines=10",
        "fabricpulse.demo.fat-tree.leaves=25", "fabricpulse.demo.fat-tree.hosts-per-leaf=20"})
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class ThreeTierTenThousandNodeMapBench extends DemoServerBrowserTest {

    @Test
    void measuresAThreeTierMapsTimeToInteractive() throws IOException {
        String report = MapInteractiveBench.measure(this::open, 4 * PATIENCE_MS,
                "generated three-tier fat tree 20 pods × (10×25×20) + 250 cores", 10_950);

        assertThat(report).contains("| 10950 (");
    }
}
