package io.fabricpulse.server.web;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The demo server as a person starts it for a look at a big fabric: {@code scripts/server.sh} (the shipped
 * launcher and its JVM options, the jar the build packaged) with {@code --fabricpulse.demo.enabled=true}, the
 * demo at its own poll interval, in its own process; and a headless Chromium that opens its pages as the README's
 * visitor does, without signing in (the demo allows anonymous reads). What the map benchmarks measure against, so
 * that their figures are the ones a user sees, not those of a server sharing the test's JVM. (A browser sending
 * HTTP Basic with every request, as the browser tests do, has the server check the password's bcrypt hash for every
 * script and stylesheet: ~0.7 s of CPU more per map load on this machine.)
 */
final class LaunchedDemoServer implements AutoCloseable {

    private static final Path LAUNCHER = Path.of("..", "scripts", "server.sh");

    private final Process process;
    private final Path log;
    private final String origin;
    private final ChromiumBrowser chromium;

    private LaunchedDemoServer(Process process, Path log, String origin, ChromiumBrowser chromium) {
        this.process = process;
        this.log = log;
        this.origin = origin;
        this.chromium = chromium;
    }

    /** Starts it with the demo fabric shaped by {@code demo} ("fat-tree.spines" → "40"), and waits until it is ready. */
    static LaunchedDemoServer start(Map<String, String> demo, Duration patience) throws IOException, InterruptedException {
        ChromiumBrowser.assumeInstalled();
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path dataDir = Files.createTempDirectory("fabricpulse-map-bench");
        List<String> command = new ArrayList<>(List.of(LAUNCHER.toString(), "--server.port=" + port,
                "--fabricpulse.data-dir=" + dataDir, "--fabricpulse.demo.enabled=true"));
        demo.forEach((key, value) -> command.add("--fabricpulse.demo." + key + "=" + value));
        Path log = dataDir.resolveSibling(dataDir.getFileName() + ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        LaunchedDemoServer server = new LaunchedDemoServer(process, log, "http://127.0.0.1:" + port,
                ChromiumBrowser.launch());
        try {
            server.awaitReady(patience);
        } catch (RuntimeException | InterruptedException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** A tab of an anonymous visitor, a fresh browser context: nothing cached. */
    BrowserPage open() {
        return chromium.open(origin, Map.of());
    }

    private void awaitReady(Duration patience) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        Instant deadline = Instant.now().plus(patience);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited with " + process.exitValue() + "; its log: " + log);
            }
            try {
                HttpResponse<Void> ready = http.send(HttpRequest.newBuilder(URI.create(origin + "/actuator/health/readiness"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding());
                if (ready.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("the server was not ready within " + patience + "; its log: " + log);
    }

    @Override
    public void close() throws InterruptedException {
        try {
            chromium.close();
        } finally {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
