package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.spool.DiskSpool;
import io.fabricpulse.agent.testing.CapturedLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Choosing the spool directory: the first usable candidate, said so when it is a fallback. */
class SpoolOptionsTest {

    @TempDir
    Path dir;

    @Test
    void fallsBackToTheNextCandidateAndSaysWhy() throws Exception {
        Path blocked = Files.writeString(dir.resolve("var-lib"), "a file where a directory should be");
        Path fallback = dir.resolve("home/.local/state/fabricpulse/spool");
        try (CapturedLog log = new CapturedLog();
             DiskSpool spool = SpoolOptions.openFirstUsable(List.of(blocked.resolve("spool"), fallback), "n1", 1 << 20)) {
            assertThat(spool.directory()).isEqualTo(fallback);
            assertThat(log.linesWith("WARN", "cannot use the spool " + blocked.resolve("spool"), "spooling to "
                    + fallback + " instead")).hasSize(1);
        }
    }

    @Test
    void theFirstUsableCandidateIsTakenSilently() throws Exception {
        try (CapturedLog log = new CapturedLog();
             DiskSpool spool = SpoolOptions.openFirstUsable(List.of(dir.resolve("a"), dir.resolve("b")), "n1", 1 << 20)) {
            assertThat(spool.directory()).isEqualTo(dir.resolve("a"));
            assertThat(log.linesWith("WARN")).isEmpty();
        }
        assertThat(dir.resolve("b")).doesNotExist();
    }

    @Test
    void aSpoolInUseByTheSameAgentIsNoReasonToSpoolElsewhere() throws Exception {
        try (CapturedLog ignored = new CapturedLog(); DiskSpool running = DiskSpool.open(dir.resolve("a"), "n1", 1 << 20)) {
            assertThatThrownBy(() -> SpoolOptions.openFirstUsable(List.of(dir.resolve("a"), dir.resolve("b")), "n1", 1 << 20))
                    .isInstanceOf(SpoolUnavailableException.class)
                    .hasMessageStartingWith("another process of agent 'n1' uses the spool " + dir.resolve("a"));
        }
        assertThat(dir.resolve("b")).doesNotExist();
    }

    @Test
    void whenNoCandidateWorksTheMessageNamesEach() throws Exception {
        Path first = Files.writeString(dir.resolve("first"), "x");
        Path second = Files.writeString(dir.resolve("second"), "x");
        assertThatThrownBy(() -> SpoolOptions.openFirstUsable(List.of(first, second), "n1", 1 << 20))
                .isInstanceOf(SpoolUnavailableException.class)
                .hasMessage("cannot use the spool " + first + " (" + first + " is in the way: it is not a directory), nor "
                        + second + " (" + second + " is in the way: it is not a directory); give a writable --spool-dir"
                        + " DIR, or --no-spool");
    }

    @Test
    void severalServersGetASpoolEachNamedAfterTheServerAndOneServerKeepsTheDirectoryItself() throws Exception {
        SpoolOptions options = new SpoolOptions();
        options.dir = dir;
        List<io.fabricpulse.agent.push.IngestEndpoint> two = List.of(
                new io.fabricpulse.agent.push.IngestEndpoint(java.net.URI.create("http://fp-server-0.fp-headless:8080"), "t"),
                new io.fabricpulse.agent.push.IngestEndpoint(java.net.URI.create("https://fp-server-1.fp-headless/fp/"), "t"));
        SpoolOptions.Lanes lanes = options.openLanes(two, "n1", java.util.Map.of(), false);
        try {
            assertThat(lanes.lanes()).extracting(lane -> ((DiskSpool) lane.buffer()).directory()).containsExactly(
                    dir.resolve("to-fp-server-0.fp-headless_8080"), dir.resolve("to-fp-server-1.fp-headless_443_fp"));
            assertThat(lanes.policy().maxBatchAge()).as("a spool keeps batches however long a replica is away")
                    .isEqualTo(io.fabricpulse.agent.push.RetryPolicy.DEFAULT.withoutAgeLimit().maxBatchAge());
        } finally {
            lanes.lanes().forEach(lane -> lane.buffer().close());
        }

        SpoolOptions.Lanes one = options.openLanes(two.subList(0, 1), "n2", java.util.Map.of(), false);
        try {
            assertThat(((DiskSpool) one.lanes().getFirst().buffer()).directory()).isEqualTo(dir);
        } finally {
            one.lanes().getFirst().buffer().close();
        }
    }
}
