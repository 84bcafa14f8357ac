package io.fabricpulse.agent.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code discover} and {@code sweep} on this host, which has no InfiniBand: exit codes and messages. */
class FabricCommandsTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return AgentMain.execute(Map.of(), Clock.systemDefaultZone(),
                new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "discover --window 0              | discover: window 0 (1..1024)",
            "discover --window 2000           | discover: window 2000 (1..1024)",
            "sweep --repeat 0                 | sweep: --repeat 0 (1..1000000)",
            "sweep --window 0                 | sweep: window 0 (1..1024)",
            "discover --timeout 0             | discover: timeout PT0S (1 ms..60 s)",
    })
    void wrongNumbersExitWithTwo(String line, String message) {
        assertThat(run(line.split(" "))).isEqualTo(2);
        assertThat(err.toString()).startsWith(message);
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void withoutLibibumadDiscoverAndSweepExitWithOneAndSayWhy() {
        assertThat(run("discover", "--libibumad", "libfabricpulse-none.so")).isEqualTo(1);
        assertThat(run("sweep", "--libibumad", "libfabricpulse-none.so")).isEqualTo(1);
        assertThat(err.toString().lines().toList()).satisfiesExactly(
                line -> assertThat(line).startsWith("discover: libfabricpulse-none.so cannot be loaded"),
                line -> assertThat(line).startsWith("sweep: libfabricpulse-none.so cannot be loaded"));
        assertThat(err.toString()).contains("install rdma-core's libibumad");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void helpNamesTheOptionsAsInfinibandDiagsDo() {
        assertThat(run("sweep", "--help")).isZero();
        assertThat(out.toString()).contains("--repeat=N", "-x, --extended", "--json", "--window=N", "-C, --Ca=CA",
                "-P, --Port=PORT", "-t, --timeout=MS", "'sweep K: P ports in T ms'");
    }
}
