package io.fabricpulse.agent.loadgen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FabricSizeTest {

    @ParameterizedTest
    @CsvSource({
            // wanted, planes, spines, leaves, hosts per leaf
            "4,       1,  1,   1,   1",
            "400,     1,  5,  20,   5",
            "20000,   1, 50, 100,  50",
            "200000,  2, 100, 250, 100",
            "2000000, 16, 125, 250, 125",
    })
    void sizesTheFabricToTheWantedPorts(int wanted, int planes, int spines, int leaves, int hosts) {
        FabricSize size = FabricSize.forPorts(wanted);
        assertThat(size).isEqualTo(new FabricSize(planes, spines, leaves, hosts));
        assertThat(size.ports()).isEqualTo(wanted);
    }

    @Test
    void anyWantedSizeIsMetClosely() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 200; i++) {
            int wanted = random.nextInt(FabricSize.MIN_PORTS, FabricSize.MAX_PORTS + 1);
            FabricSize size = FabricSize.forPorts(wanted);
            assertThat(size.spines()).isBetween(1, 127);
            assertThat(size.leaves()).isBetween(1, 255);
            assertThat(size.spines() + size.hostsPerLeaf()).isLessThanOrEqualTo(255);
            assertThat(size.planes()).isBetween(1, FabricSize.MAX_PLANES);
            // a plane's ports are a multiple of 4, and products of spine and leaf counts leave gaps near the top
            assertThat((double) Math.abs(size.ports() - wanted)).as("for %d: %s", wanted, size)
                    .isLessThanOrEqualTo(2 * size.planes() + wanted * 0.0025);
        }
    }

    @Test
    void nodesCountSwitchesAndHosts() {
        assertThat(new FabricSize(2, 5, 20, 5).nodes()).isEqualTo(2 * (5 + 20 + 100));
        assertThat(new FabricSize(1, 5, 20, 5)).hasToString(
                "400 ports on 125 nodes: a fat tree of 5 spines, 20 leaves, 5 hosts per leaf");
        assertThat(new FabricSize(2, 100, 250, 100).toString()).startsWith("200000 ports on 50700 nodes: 2 fat-tree planes");
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 0, 3, 2_000_001, Integer.MAX_VALUE})
    void refusesSizesOutsideTheBounds(int wanted) {
        assertThatThrownBy(() -> FabricSize.forPorts(wanted)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ports must be 4 to 2000000, not " + wanted);
    }
}
