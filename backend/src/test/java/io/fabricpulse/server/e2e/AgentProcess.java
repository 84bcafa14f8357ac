package io.fabricpulse.server.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real agent, {@code collector-agent/target/fabricpulse-agent.jar}, started as its own process
 * with {@code java -jar} (no extra flags, as an operator would), output to a log file the test can show.
 */
final class AgentProcess implements AutoCloseable {

    /** Built by the collector-agent module before the backend's integration tests run. */
    static final Path JAR = Path.of("..", "collector-agent", "target", "fabricpulse-agent.jar");

    private final Process process;
    private final Path log;

    private AgentProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static AgentProcess start(Path workDir, String... args) throws IOException {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException(JAR.toAbsolutePath() + " is missing: build it first (./mvnw -B verify builds"
                    + " the agent before the server's integration tests)");
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", JAR.toString()));
        command.addAll(List.of(args));
        Path log = workDir.resolve("agent.log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new AgentProcess(process, log);
    }

    /** Waits for a process that is expected to end by itself ({@code --once}). */
    int waitFor(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            throw new IllegalStateException("agent still running after " + seconds + " s; its log:\n" + log());
        }
        return process.exitValue();
    }

    String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
