package io.fabricpulse.agent.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.fail;

/**
 * A child JVM on the simulated fabric running {@link CommandBatchMain}: one command line in, its
 * output out. Closing it ends the process.
 */
public final class AgentJvm implements AutoCloseable {

    private final Process process;
    private final BufferedReader out;
    private final Writer in;

    AgentJvm(Process process, BufferedReader out, Writer in) {
        this.process = process;
        this.out = out;
        this.in = in;
    }

    /** Runs {@code commandLine} (e.g. {@code perfquery -x 2 1}) in the child and returns what it printed. */
    public IbsimFabric.ToolResult run(String commandLine) {
        try {
            in.write(commandLine + "\n");
            in.flush();
            StringBuilder stdout = new StringBuilder();
            StringBuilder stderr = new StringBuilder();
            StringBuilder target = stdout;
            for (String line; (line = out.readLine()) != null; ) {
                if (line.equals(CommandBatchMain.ERR)) {
                    target = stderr;
                } else if (line.startsWith(CommandBatchMain.END)) {
                    return new IbsimFabric.ToolResult(Integer.parseInt(line.substring(CommandBatchMain.END.length())),
                            stdout.toString(), stderr.toString());
                } else {
                    target.append(line).append('\n');
                }
            }
            return fail("agent JVM ended (exit " + exitCode() + ") while running '" + commandLine + "'");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Ends the child's input and returns everything else it prints until it exits. */
    public String finish() {
        try {
            in.close();
            StringBuilder rest = new StringBuilder();
            for (String line; (line = out.readLine()) != null; ) {
                rest.append(line).append('\n');
            }
            return rest.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the child as systemd would (SIGTERM) and waits for it to exit. */
    public int terminate() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return fail("agent JVM did not stop within 30 s of SIGTERM");
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            return fail("interrupted");
        }
    }

    private String exitCode() {
        return process.isAlive() ? "still running" : String.valueOf(process.exitValue());
    }

    @Override
    public void close() {
        try {
            in.close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException | InterruptedException e) {
            process.destroyForcibly();
        }
    }
}
