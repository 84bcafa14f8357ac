package io.fabricpulse.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of an external program with its output captured. A program that outlives its time limit is
 * killed (with whatever it started) and the test fails saying which.
 */
record Command(List<String> arguments, Map<String, String> environment, Path directory, boolean inheritEnvironment) {

    Command(List<String> arguments, Map<String, String> environment, Path directory) {
        this(arguments, environment, directory, true);
    }

    record Result(List<String> command, int exitCode, String stdout, String stderr) {

        /** This result, when the program succeeded; otherwise an error with everything it said. */
        Result ok() {
            if (exitCode != 0) {
                throw new AssertionError(describe());
            }
            return this;
        }

        String describe() {
            return String.join(" ", command) + " exited with " + exitCode + "\n--- stdout\n" + stdout
                    + "\n--- stderr\n" + stderr;
        }
    }

    static Command of(String... arguments) {
        return new Command(List.of(arguments), Map.of(), null);
    }

    /** The program sees only the variables given, none of this JVM's. */
    Command cleanEnvironment() {
        return new Command(arguments, environment, directory, false);
    }

    Result run(long timeoutSeconds) {
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(arguments));
        if (!inheritEnvironment) {
            builder.environment().clear();
        }
        // An empty value removes the variable: the program must not see one this test did not set.
        environment.forEach((name, value) -> {
            if (value.isEmpty()) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        if (directory != null) {
            builder.directory(directory.toFile());
        }
        try {
            Path stdout = Files.createTempFile("fabricpulse-cmd", ".out");
            Path stderr = Files.createTempFile("fabricpulse-cmd", ".err");
            try {
                Process process = builder.redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
                if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    throw new AssertionError(String.join(" ", arguments) + " still running after " + timeoutSeconds
                            + " s: killed");
                }
                return new Result(arguments, process.exitValue(),
                        Files.readString(stdout, StandardCharsets.UTF_8),
                        Files.readString(stderr, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(stdout);
                Files.deleteIfExists(stderr);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + arguments, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + arguments, e);
        }
    }
}
