package io.fabricpulse.server.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * VictoriaMetrics single-node (Debian's {@code victoria-metrics}) on a free loopback port: remote write at
 * {@code /api/v1/write}, PromQL at {@code /api/v1/query(_range)}. Keeps points for 100 years, so tests may
 * write at fixed past times (its default retention, one month, would drop them silently).
 */
public final class VictoriaMetricsServer extends LoopbackEngine {

    static final Path BINARY = Path.of(System.getProperty("fabricpulse.test.victoria-metrics",
            "/usr/bin/victoria-metrics"));

    private VictoriaMetricsServer(Path home, int port, List<String> flags) throws IOException {
        super("victoria-metrics", home, port, Stream.concat(Stream.of(BINARY.toString(),
                "-storageDataPath=" + home.resolve("data"), "-httpListenAddr=127.0.0.1:" + port, "-retentionPeriod=100y",
                "-loggerLevel=WARN"), flags.stream()).toList(), "/health");
    }

    /** @param flags more command-line flags ({@code -dedup.minScrapeInterval=1s}) */
    public static VictoriaMetricsServer start(String... flags) throws IOException {
        requireInstalled(BINARY, "victoria-metrics");
        return new VictoriaMetricsServer(Files.createTempDirectory("fabricpulse-vm-"), freePort(), List.of(flags));
    }

    public URI writeUrl() {
        return url().resolve("/api/v1/write");
    }

    /** Makes what was written searchable now (VictoriaMetrics does so about once a second by itself). */
    public void forceFlush() {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    url().resolve("/internal/force_flush")).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("force_flush: HTTP " + response.statusCode() + " " + response.body());
            }
        } catch (IOException e) {
            throw new IllegalStateException("force_flush failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
