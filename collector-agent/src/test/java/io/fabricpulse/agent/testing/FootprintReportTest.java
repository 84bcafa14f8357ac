package io.fabricpulse.agent.testing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The footprint bench's arithmetic and its reading of /proc, without the hour-long run. */
class FootprintReportTest {

    @Test
    void aSampleOfThisJvmHasItsMemoryCpuAndThreads() {
        ProcessSample sample = ProcessSample.of(ProcessHandle.current().pid());

        assertThat(sample.rssKb()).isPositive();
        assertThat(sample.runNanos()).isPositive();
        assertThat(sample.switchesByThread()).isNotEmpty();
        assertThat(ProcessSample.of(Long.MAX_VALUE / 2)).as("a process that is gone").isNull();
    }

    @Test
    void aQuietAgentShowsItsPollCostAndNoWakeupsBetweenPolls() {
        // 40 s of an agent polling every 10 s: the poll thread switches 20 times and runs 2 ms at seconds 5, 15, ...;
        // a housekeeping thread wakes once at second 30, far from any poll
        List<ProcessSample> samples = new ArrayList<>();
        long poll = 0;
        long housekeeping = 0;
        long run = 0;
        for (int s = 0; s <= 40; s++) {
            if (s % 10 == 5) {
                poll += 20;
                run += 2_000_000;
            }
            if (s == 30) {
                housekeeping++;
            }
            samples.add(new ProcessSample(s * 1_000_000_000L, 40_960, s / 10, run,
                    Map.of("fabricpulse-pol#2", poll, "Service Thread#3", housekeeping), Map.of("fabricpulse-pol#2", run)));
        }

        String row = FootprintReport.row("agent", samples, Duration.ofSeconds(10));

        assertThat(row).startsWith("| agent | 10 s | 40.0 (40.0-40.0) | 40.0 → 40.0 | 0.100 | 2.000 (2.000); 10.000 |")
                .contains("| 2.0 (fabricpulse-pol 2.00, Service Thread 0.03) |")
                .as("one wake-up in the quiet seconds, none from the poll thread").contains("Service Thread")
                .doesNotContain("(fabricpulse-pol 2.00, Service Thread 0.03) | 0.00");
        assertThat(FootprintReport.cpuByThread(samples, Duration.ofSeconds(10))).isEqualTo("fabricpulse-pol 2.000");
    }

    @Test
    void theUnitsPlacementBecomesNiceAndChrt(@TempDir Path dir) throws IOException {
        Path unit = Files.writeString(dir.resolve("x.service"), "[Service]\nNice=19\nCPUSchedulingPolicy=idle\n");

        assertThat(AgentFootprintBench.placement(unit)).containsExactly("nice", "-n", "19", "chrt", "--idle", "0");
    }
}
