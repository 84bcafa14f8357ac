package io.fabricpulse.server.jobs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A scheduler command that answers, hangs, floods, fails or is missing: each ends the poll with a message
 * that says which and what to do, and no command outlives its poll.
 */
class CommandRunnerTest {

    @TempDir
    Path dir;

    private final CommandRunner runner = new CommandRunner(Duration.ofSeconds(2), DataSize.ofKilobytes(64));

    private Path script(String body) throws IOException {
        Path script = dir.resolve("squeue");
        Files.writeString(script, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    private static String all(InputStream out) {
        try {
            return new String(out.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void anAnswerIsReadWithTheGivenEnvironment() throws Exception {
        Path squeue = script("echo \"conf=$SLURM_CONF args=$*\"");
        String answer = runner.run(List.of(squeue.toString(), "--json"), Map.of("SLURM_CONF", "/tmp/x.conf"),
                CommandRunnerTest::all);
        assertThat(answer).isEqualTo("conf=/tmp/x.conf args=--json\n");
    }

    @Test
    void aCommandThatHangsIsStoppedWithItsChildrenAfterTheTimeout() throws Exception {
        Path pidFile = dir.resolve("child.pid");
        Path squeue = script("sleep 600 & echo $! > " + pidFile + "; wait");
        long started = System.nanoTime();
        assertThatThrownBy(() -> runner.run(List.of(squeue.toString()), Map.of(), CommandRunnerTest::all))
                .isInstanceOf(JobSourceException.class)
                .hasMessage(squeue + " did not answer within 2 s and was stopped (fabricpulse.jobs.timeout; is the "
                        + "scheduler's controller slow or down?)");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
        long child = Long.parseLong(Files.readString(pidFile).strip());
        ProcessHandle.of(child).ifPresent(handle -> handle.onExit().orTimeout(10, java.util.concurrent.TimeUnit.SECONDS)
                .join());
        assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)).as("the script's child").isFalse();
    }

    @Test
    void anAnswerBeyondTheLimitIsRefusedWithoutReadingItAll() throws Exception {
        Path squeue = script("yes '{\"jobs\": []}'");
        assertThatThrownBy(() -> runner.run(List.of(squeue.toString()), Map.of(), CommandRunnerTest::all))
                .hasMessage(squeue + " answered more than 65536 bytes and was stopped (fabricpulse.jobs.max-output)");
    }

    @Test
    void aFailingCommandSaysItsExitCodeAndTheFirstLineOfItsErrors() throws Exception {
        Path squeue = script("echo 'squeue: error: slurm_load_jobs error: Unable to contact slurm controller' >&2;"
                + " echo 'second line' >&2; exit 1");
        assertThatThrownBy(() -> runner.run(List.of(squeue.toString()), Map.of(), out -> {
            throw new JobSourceException("the answer is not valid JSON");
        })).hasMessage(squeue + " exited with 1: squeue: error: slurm_load_jobs error: Unable to contact slurm controller");
    }

    @Test
    void aMissingCommandSaysWhatToInstall() {
        assertThatThrownBy(() -> runner.run(List.of(dir.resolve("nowhere/squeue").toString()), Map.of(),
                CommandRunnerTest::all))
                .hasMessageStartingWith("cannot run " + dir.resolve("nowhere/squeue"))
                .hasMessageEndingWith("(is the scheduler's client installed, and on this server's PATH?)");
    }
}
