package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.testing.RecordingIngestServer;
import io.fabricpulse.model.ingest.IngestBatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged {@code target/fabricpulse-agent.jar} run as operators run it: {@code java -jar}, no extra
 * flags, against a real HTTP server. Proves the manifest, the bundled libraries and the logging backend.
 */
class AgentJarIT {

    private static final Path JAR = Path.of("target", "fabricpulse-agent.jar");

    @TempDir
    Path dir;

    private final RecordingIngestServer server = new RecordingIngestServer();

    @AfterEach
    void stop() {
        server.close();
    }

    private Process start(String... args) throws Exception {
        assertThat(JAR).as("built by mvn package").exists();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile())
                .start();
    }

    private int finish(Process process) throws Exception {
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("agent exited").isTrue();
        return process.exitValue();
    }

    private String out() throws Exception {
        return Files.readString(dir.resolve("out.txt"));
    }

    private String err() throws Exception {
        return Files.readString(dir.resolve("err.txt"));
    }

    private static String fixture() throws Exception {
        return AgentMainTest.fixture("cx6-host").toString();
    }

    @Test
    void helpRunsFromTheJarAlone() throws Exception {
        assertThat(finish(start("--help"))).isZero();
        assertThat(out()).startsWith("Usage: fabricpulse-agent").contains("run");
        assertThat(err()).as("no warnings about native access or logging providers").isEmpty();
    }

    @Test
    void wrongArgumentsExitWithTwo() throws Exception {
        assertThat(finish(start("run", "--server", "nonsense", "--token", "t"))).isEqualTo(2);
        assertThat(err()).startsWith("fabricpulse-agent: Invalid value for option '--server' (URL): 'nonsense' is not an http://");
    }

    @Test
    void runOncePushesAFixtureHostAndLogsOneLinePerEvent() throws Exception {
        assertThat(finish(start("run", "--once", "--server", server.baseUri().toString(), "--token", "t",
                "--source", "sysfs", "--sysfs-root", fixture(), "--agent-id", "jar-test"))).isZero();
        IngestBatch batch = server.takeRequest().batch();
        assertThat(batch.agentId()).isEqualTo("jar-test");
        assertThat(batch.nodes()).hasSize(3);
        assertThat(err().lines()).isNotEmpty().allSatisfy(line ->
                assertThat(line).matches("\\d{4}-\\d\\d-\\d\\dT\\S+ (INFO|WARN|ERROR) \\w+ - .+"));
    }

    @Test
    void runPollsEverySecondAndFlushesOnSigterm() throws Exception {
        Process agent = start("run", "--server", server.baseUri().toString(), "--token", "t", "--interval", "1s",
                "--source", "sysfs", "--sysfs-root", fixture(), "--agent-id", "jar-test",
                "--spool-dir", dir.resolve("spool").toString());
        long first = server.takeRequest().batch().sequence();
        long second = server.takeRequest().batch().sequence();
        assertThat(second).isEqualTo(first + 1);

        agent.destroy(); // SIGTERM, as systemd and Kubernetes stop it
        int exit = finish(agent);

        assertThat(exit).as("terminated by SIGTERM after the shutdown hook ran").isEqualTo(143);
        assertThat(err()).contains("stopping: flushing waiting batches", "push stopped: ")
                .doesNotContain("Exception");
        assertThat(err()).containsPattern("push stopped: \\d+ delivered, 0 rejected, 0 expired, 0 dropped");
        assertThat(new File(dir.toFile(), "out.txt")).isEmpty();
    }

    @Test
    void aKilledAgentSendsWhatItSpooledFirstAfterItsRestart() throws Exception {
        Path spool = dir.resolve("spool");
        for (int i = 0; i < 100; i++) {
            server.thenAnswer(RecordingIngestServer.Response.status(503));
        }
        Process first = start("run", "--server", server.baseUri().toString(), "--token", "t", "--interval", "1s",
                "--source", "sysfs", "--sysfs-root", fixture(), "--agent-id", "jar-test", "--spool-dir", spool.toString());
        for (int i = 0; i < 3; i++) {
            assertThat(server.takeRequest().status()).isEqualTo(503);
        }
        first.destroyForcibly(); // SIGKILL: no shutdown hook, no flush
        finish(first);
        List<Long> spooled = spooledSequences(spool);
        assertThat(spooled).as("one file per batch polled before the kill").hasSizeGreaterThanOrEqualTo(2);

        try (RecordingIngestServer restarted = new RecordingIngestServer()) {
            Process second = start("run", "--server", restarted.baseUri().toString(), "--token", "t", "--interval", "1s",
                    "--source", "sysfs", "--sysfs-root", fixture(), "--agent-id", "jar-test", "--spool-dir", spool.toString());
            List<Long> received = new ArrayList<>();
            for (int i = 0; i <= spooled.size(); i++) {
                received.add(restarted.takeRequest().batch().sequence());
            }
            second.destroy();
            finish(second);

            assertThat(received.subList(0, spooled.size())).as("the spool first, oldest first").isEqualTo(spooled);
            assertThat(received.getLast()).as("then the new run's batches").isGreaterThan(spooled.getLast());
            assertThat(spooledSequences(spool)).as("everything delivered, nothing left").isEmpty();
            assertThat(err()).contains("batches (", "of an earlier run wait to be sent");
        }
    }

    @Test
    void loadgenRunsFromTheJarAndATerminatedRunStillPrintsItsSummary() throws Exception {
        Process loadgen = start("loadgen", "--server", server.baseUri().toString(), "--token", "t", "--ports", "1000",
                "--interval", "1s", "--duration", "1h", "--agents", "3");
        for (int i = 0; i < 4; i++) {
            assertThat(server.takeRequest().batch().agentId()).startsWith("loadgen-000");
        }
        loadgen.destroy(); // SIGTERM, as Ctrl-C would be SIGINT: the summary comes before the exit
        assertThat(finish(loadgen)).isEqualTo(143);
        assertThat(out()).startsWith("loadgen: 1000 ports on ")
                .containsPattern("port-samples/s: \\d+\\.\\d \\(\\d+ delivered of \\d+ polled; offered 1000\\.0\\)")
                .containsPattern("batches ok: \\d+ \\(202: \\d+\\)")
                .containsPattern("latency ms: p50 \\d+\\.\\d p99 \\d+\\.\\d");
        assertThat(err()).doesNotContain("Exception");
    }

    private static List<Long> spooledSequences(Path spool) throws Exception {
        try (var files = Files.list(spool)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".batch"))
                    .map(n -> Long.parseLong(n.substring("jar-test.".length(), n.length() - ".batch".length())))
                    .sorted().toList();
        }
    }
}
