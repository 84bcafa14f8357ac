package io.fabricpulse.server.jobs;

import org.springframework.util.unit.DataSize;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a scheduler's command and reads its answer as it streams, within a time limit and a size limit: a
 * command that hangs is killed after {@code timeout}, one that prints more than {@code maxOutput} is killed
 * when it passes the limit, and one that fails says its exit code and the start of what it wrote on stderr.
 * Each outcome is one exception whose message names the command and what to do.
 */
public final class CommandRunner {

    private static final int STDERR_KEPT = 2048;

    private final Duration timeout;
    private final long maxOutput;

    public CommandRunner(Duration timeout, DataSize maxOutput) {
        this.timeout = timeout;
        this.maxOutput = maxOutput.toBytes();
    }

    /** Reads the command's standard output. */
    @FunctionalInterface
    public interface OutputReader<T> {
        T read(InputStream out) throws JobSourceException;
    }

    public <T> T run(List<String> command, Map<String, String> environment, OutputReader<T> reader)
            throws JobSourceException {
        String shown = String.join(" ", command);
        ProcessBuilder builder = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(nullFile()));
        builder.environment().putAll(environment);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new JobSourceException("cannot run " + shown + ": " + e.getMessage()
                    + " (is the scheduler's client installed, and on this server's PATH?)");
        }
        // The process is stopped before the readers are awaited: closing the executor waits for them, and they
        // end only when the process's pipes close.
        try (ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor()) {
            try {
                return answer(process, shown, reader, readers);
            } finally {
                // A wrapper script's children hold the pipes open as long as they live.
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        }
    }

    private <T> T answer(Process process, String shown, OutputReader<T> reader, ExecutorService readers)
            throws JobSourceException {
        Future<String> stderr = readers.submit(() -> head(process.getErrorStream()));
        LimitedStream out = new LimitedStream(process.getInputStream(), maxOutput);
        Future<T> answer = readers.submit(() -> reader.read(out));
        try {
            T result;
            try {
                result = answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                throw new JobSourceException(shown + " did not answer within " + timeout.toSeconds()
                        + " s and was stopped (fabricpulse.jobs.timeout; is the scheduler's controller slow or down?)");
            } catch (ExecutionException e) {
                if (out.exceeded) {
                    throw new JobSourceException(shown + " answered more than " + maxOutput
                            + " bytes and was stopped (fabricpulse.jobs.max-output)");
                }
                int exit = exitCode(process);
                if (exit != 0) {
                    throw new JobSourceException(shown + " exited with " + exit + ": " + firstLine(stderr));
                }
                if (e.getCause() instanceof JobSourceException unreadable) {
                    throw unreadable;
                }
                throw new JobSourceException("reading the answer of " + shown + " failed: " + e.getCause());
            }
            int exit = exitCode(process);
            if (exit != 0) {
                throw new JobSourceException(shown + " exited with " + exit + " after a readable answer: "
                        + firstLine(stderr));
            }
            return result;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JobSourceException(shown + ": interrupted");
        }
    }

    private int exitCode(Process process) throws InterruptedException {
        return process.waitFor(Math.min(timeout.toMillis(), 5_000), TimeUnit.MILLISECONDS) ? process.exitValue() : -1;
    }

    private static String firstLine(Future<String> stderr) throws InterruptedException {
        try {
            String text = stderr.get(1, TimeUnit.SECONDS).strip();
            int newline = text.indexOf('\n');
            return text.isEmpty() ? "(nothing on stderr)" : newline < 0 ? text : text.substring(0, newline);
        } catch (ExecutionException | TimeoutException e) {
            return "(stderr unreadable)";
        }
    }

    private static String head(InputStream stream) throws IOException {
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        for (int n; (n = stream.read(buffer)) > 0; ) {
            kept.write(buffer, 0, Math.max(0, Math.min(n, STDERR_KEPT - kept.size())));
        }
        return kept.toString(StandardCharsets.UTF_8);
    }

    private static java.io.File nullFile() {
        return new java.io.File("/dev/null");
    }

    /** Fails the read once more than {@code limit} bytes came, so a huge answer is not read to its end. */
    private static final class LimitedStream extends FilterInputStream {
        private final long limit;
        private long read;
        volatile boolean exceeded;

        LimitedStream(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count(b < 0 ? 0 : 1);
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            count(Math.max(n, 0));
            return n;
        }

        private void count(int n) throws IOException {
            read += n;
            if (read > limit) {
                exceeded = true;
                throw new IOException("more than " + limit + " bytes");
            }
        }
    }
}
