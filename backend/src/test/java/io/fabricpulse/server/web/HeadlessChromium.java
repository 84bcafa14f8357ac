package io.fabricpulse.server.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The system's Chromium, headless, one run per call: prints a page's DOM after its scripts ran, or
 * saves a screenshot. Never a downloaded browser (these machines have no internet). Missing Chromium
 * fails the test when {@code CI=true}, else skips it with what to install.
 */
public final class HeadlessChromium {

    private static final Path BINARY = ChromiumBrowser.BINARY;
    private static final Duration RUN_LIMIT = Duration.ofSeconds(60);

    private HeadlessChromium() {
    }

    /** Fails (CI) or skips (elsewhere) the calling test when Chromium is not installed. */
    public static void assumeInstalled() {
        ChromiumBrowser.assumeInstalled();
    }

    /**
     * The DOM of {@code url} at its load event, after deferred and module scripts ran. Not later: a page
     * that holds a connection open (an event stream) never lets virtual time run out, so
     * {@code --virtual-time-budget} would wait forever.
     */
    public static String dumpDom(String url) throws IOException, InterruptedException {
        return run(List.of("--dump-dom", url));
    }

    /** Saves a PNG of {@code url} at {@code width}x{@code height} to {@code png}, taken at the load event. */
    public static void screenshot(String url, int width, int height, Path png) throws IOException, InterruptedException {
        Files.createDirectories(png.toAbsolutePath().getParent());
        run(List.of("--hide-scrollbars", "--window-size=" + width + "," + height,
                "--screenshot=" + png.toAbsolutePath(), url));
        if (!Files.isRegularFile(png) || Files.size(png) == 0) {
            throw new IOException("Chromium wrote no screenshot to " + png);
        }
    }

    private static String run(List<String> arguments) throws IOException, InterruptedException {
        assumeInstalled();
        Path profile = Files.createTempDirectory("fabricpulse-chromium");
        Path stdout = Files.createTempFile("fabricpulse-chromium", ".out");
        Path stderr = Files.createTempFile("fabricpulse-chromium", ".err");
        List<String> command = new ArrayList<>(List.of(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile));
        command.addAll(arguments);
        Process process = new ProcessBuilder(command)
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        try {
            if (!process.waitFor(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IOException("Chromium did not finish within " + RUN_LIMIT + ": " + command
                        + "\n" + Files.readString(stderr, StandardCharsets.UTF_8));
            }
            if (process.exitValue() != 0) {
                throw new IOException("Chromium exited with " + process.exitValue() + ": " + command
                        + "\n" + Files.readString(stderr, StandardCharsets.UTF_8));
            }
            return Files.readString(stdout, StandardCharsets.UTF_8);
        } finally {
            // Chromium forks renderer and helper processes; end them with the browser, ours only.
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
            deleteTree(profile);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
