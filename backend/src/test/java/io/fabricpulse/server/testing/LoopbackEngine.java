package io.fabricpulse.server.testing;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.awaitility.Awaitility.await;

/**
 * A real time-series engine from a Debian package (VictoriaMetrics, Prometheus) as a process of the
 * test: a temp directory, a free loopback port, ready when its health URL answers 200, stopped by its
 * process id. A missing binary skips the test with what to install; with {@code CI=true} it fails.
 */
public abstract class LoopbackEngine implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    protected final Path home;
    protected final int port;
    private final Process process;
    private final String name;

    protected LoopbackEngine(String name, Path home, int port, List<String> command, String healthPath)
            throws IOException {
        this.name = name;
        this.home = home;
        this.port = port;
        this.process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(home.resolve(name + ".log").toFile()).start();
        HttpClient http = HttpClient.newHttpClient();
        try {
            await().atMost(START_TIMEOUT).pollInterval(Duration.ofMillis(100)).until(() -> {
                if (!process.isAlive()) {
                    throw new IllegalStateException(name + " exited with " + process.exitValue() + ": " + log());
                }
                return status(http, url().resolve(healthPath)) == 200;
            });
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Skips (or in CI fails) the calling test when {@code binary} is not installed. */
    protected static void requireInstalled(Path binary, String debianPackage) {
        if (!Files.isExecutable(binary)) {
            String message = binary + " is missing: run scripts/install-test-deps.sh, which installs the Debian package "
                    + debianPackage;
            if ("true".equals(System.getenv("CI"))) {
                Assertions.fail(message);
            }
            Assumptions.abort(message);
        }
    }

    protected static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    public String log() {
        try {
            return Files.readString(home.resolve(name + ".log"));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static int status(HttpClient http, URI uri) {
        try {
            return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(2)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    @Override
    public void close() {
        ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroy);
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroyForcibly);
                process.waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(home)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            // a temp directory left behind is not worth failing a test for
        }
    }
}
