package io.fabricpulse.server.testing;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Prometheus (Debian's {@code prometheus}) on a free loopback port with its remote-write receiver on,
 * configured by the test (scrape jobs, rule files; {@code CONFIG_DIR} in the text is its own directory).
 */
public final class PrometheusServer extends LoopbackEngine {

    static final Path BINARY = Path.of(System.getProperty("fabricpulse.test.prometheus", "/usr/bin/prometheus"));
    static final Path PROMTOOL = Path.of(System.getProperty("fabricpulse.test.promtool", "/usr/bin/promtool"));
    /** A configuration that scrapes nothing: a receiver of remote writes only. */
    public static final String RECEIVER_ONLY = "global:\n  scrape_interval: 1m\n";

    private PrometheusServer(Path home, int port) throws IOException {
        super("prometheus", home, port, List.of(BINARY.toString(), "--config.file=" + home.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + home.resolve("data"), "--web.listen-address=127.0.0.1:" + port,
                "--web.enable-remote-write-receiver", "--log.level=warn"), "/-/ready");
    }

    /** Starts Prometheus with {@code config}; files it names can be written first by {@code files}. */
    public static PrometheusServer start(String config) throws IOException {
        return start(config, java.util.Map.of());
    }

    /** Like {@link #start(String)}, with files (rule files) put next to the configuration first. */
    public static PrometheusServer start(String config, java.util.Map<String, String> files) throws IOException {
        requireInstalled(BINARY, "prometheus");
        Path home = Files.createTempDirectory("fabricpulse-prometheus-");
        for (java.util.Map.Entry<String, String> file : files.entrySet()) {
            Files.writeString(home.resolve(file.getKey()), file.getValue());
        }
        Files.writeString(home.resolve("prometheus.yml"), config.replace("CONFIG_DIR", home.toString()));
        return new PrometheusServer(home, freePort());
    }

    public URI writeUrl() {
        return url().resolve("/api/v1/write");
    }

    /** promtool, installed with Prometheus: checks rule files and exposition pages. */
    public static Path promtool() {
        requireInstalled(PROMTOOL, "prometheus");
        return PROMTOOL;
    }
}
