package io.fabricpulse.server.web;

import io.fabricpulse.server.e2e.ServerProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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

    private final ServerProcess server;
    private final ChromiumBrowser chromium;

    private LaunchedDemoServer(ServerProcess server, ChromiumBrowser chromium) {
        this.server = server;
        this.chromium = chromium;
    }

    /** Starts it with the demo fabric shaped by {@code demo} ("fat-tree.spines" → "40"), and waits until it is ready. */
    static LaunchedDemoServer start(Map<String, String> demo, Duration patience) throws IOException, InterruptedException {
        ChromiumBrowser.assumeInstalled();
        Path dataDir = Files.createTempDirectory("fabricpulse-map-bench");
        List<String> properties = new ArrayList<>(List.of("fabricpulse.demo.enabled=true"));
        demo.forEach((key, value) -> properties.add("fabricpulse.demo." + key + "=" + value));
        ServerProcess server = ServerProcess.launched(dataDir, ServerProcess.freePort(),
                dataDir.getFileName() + ".log", properties);
        try {
            server.awaitReady(patience);
            return new LaunchedDemoServer(server, ChromiumBrowser.launch());
        } catch (RuntimeException | InterruptedException e) {
            server.close();
            throw e;
        }
    }

    /** A tab of an anonymous visitor, a fresh browser context: nothing cached. */
    BrowserPage open() {
        return chromium.open(server.baseUrl(), Map.of());
    }

    @Override
    public void close() throws InterruptedException {
        try {
            chromium.close();
        } finally {
            server.close();
        }
    }
}
