package io.fabricpulse.server.series.influxdb;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.awaitility.Awaitility.await;

/**
 * A real InfluxDB 1.x (Debian's {@code influxdb} package) for one test class: its own copy of the
 * packaged configuration with every directory in a temp dir and both listeners on free loopback
 * ports, started before the class and stopped by its process id after it. Use it as
 * {@code @RegisterExtension static InfluxDb1Server influx = new InfluxDb1Server();}.
 *
 * <p>When {@code influxd} is missing the tests are skipped with what to install; with
 * {@code CI=true} they fail instead.
 */
public final class InfluxDb1Server implements BeforeAllCallback, AfterAllCallback {

    /** Debian's path; {@code -Dfabricpulse.test.influxd=/path/to/influxd} for an InfluxDB 1.x installed elsewhere. */
    static final Path INFLUXD = Path.of(System.getProperty("fabricpulse.test.influxd", "/usr/bin/influxd"));
    static final Path PACKAGED_CONFIG = Path.of("/etc/influxdb/influxdb.conf");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final boolean authEnabled;
    /** The context that started the server: nested test classes inherit the extension and must not restart it. */
    private String owner;
    /** Why there is no server; reported by every test that asks for it, so each shows up as skipped with the reason. */
    private String missing;
    private Path home;
    private Process process;
    private URI url;

    /** A server without authentication. */
    public InfluxDb1Server() {
        this(false);
    }

    /** With {@code authEnabled}, create the first (admin) user through {@link #query} before anything else. */
    public InfluxDb1Server(boolean authEnabled) {
        this.authEnabled = authEnabled;
    }

    /** The server's base URL; skips the calling test when influxd is not installed (outside CI). */
    public URI url() {
        if (missing != null) {
            Assumptions.abort(missing);
        }
        return url;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        if (owner != null) {
            return;
        }
        owner = context.getUniqueId();
        missing = missingInstallation();
        if (missing != null) {
            return;
        }
        home = Files.createTempDirectory("fabricpulse-influxdb1-");
        int httpPort = freePort();
        int rpcPort = freePort();
        Path config = home.resolve("influxdb.conf");
        Files.writeString(config, configure(Files.readString(PACKAGED_CONFIG), overrides(httpPort, rpcPort)));
        process = new ProcessBuilder(INFLUXD.toString(), "-config", config.toString())
                .redirectErrorStream(true)
                .redirectOutput(home.resolve("influxd.log").toFile())
                .start();
        url = URI.create("http://127.0.0.1:" + httpPort);
        HttpClient http = HttpClient.newHttpClient();
        try {
            await().atMost(START_TIMEOUT).pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        if (!process.isAlive()) {
                            throw new IllegalStateException("influxd exited with " + process.exitValue() + ": "
                                    + Files.readString(home.resolve("influxd.log")));
                        }
                        return ping(http) == 204;
                    });
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (!context.getUniqueId().equals(owner)) {
            return;
        }
        stop();
    }

    private void stop() throws Exception {
        owner = null;
        missing = null;
        if (process != null) {
            ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroy);
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                ProcessHandle.of(process.pid()).ifPresent(ProcessHandle::destroyForcibly);
                process.waitFor();
            }
            process = null;
        }
        if (home != null) {
            try (Stream<Path> files = Files.walk(home)) {
                for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            }
            home = null;
        }
    }

    /** Runs an InfluxQL statement as the harness (for setup: users, databases); returns the JSON answer. */
    public String query(String statement, String basicUser, String basicPassword) throws IOException,
            InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(url.resolve("/query"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("q=" + URLEncoder.encode(statement,
                        StandardCharsets.UTF_8)));
        if (basicUser != null) {
            request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    (basicUser + ":" + basicPassword).getBytes(StandardCharsets.UTF_8)));
        }
        HttpResponse<String> response = HttpClient.newHttpClient().send(request.build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200 || response.body().contains("\"error\"")) {
            throw new IOException("influxd refused '" + statement + "': HTTP " + response.statusCode() + " "
                    + response.body());
        }
        return response.body();
    }

    private Map<String, Map<String, String>> overrides(int httpPort, int rpcPort) {
        // Section "" is the top level. Everything the packaged file points at /var/lib is moved here.
        Map<String, Map<String, String>> overrides = new LinkedHashMap<>();
        overrides.put("", Map.of("reporting-enabled", "false",
                "bind-address", quoted("127.0.0.1:" + rpcPort)));
        overrides.put("meta", Map.of("dir", quoted(home.resolve("meta").toString())));
        overrides.put("data", Map.of("dir", quoted(home.resolve("data").toString()),
                "wal-dir", quoted(home.resolve("wal").toString()),
                "query-log-enabled", "false"));
        overrides.put("monitor", Map.of("store-enabled", "false"));
        overrides.put("http", Map.of("bind-address", quoted("127.0.0.1:" + httpPort),
                "log-enabled", "false",
                "auth-enabled", Boolean.toString(authEnabled)));
        overrides.put("logging", Map.of("level", quoted("warn")));
        return overrides;
    }

    /**
     * Rewrites a TOML configuration: in each section, lines setting an overridden key are dropped
     * and the overrides are written right after the section header (top-level ones first in the file).
     */
    static String configure(String packaged, Map<String, Map<String, String>> overrides) {
        List<String> out = new ArrayList<>();
        overrides.getOrDefault("", Map.of()).forEach((key, value) -> out.add(key + " = " + value));
        String section = "";
        for (String line : packaged.split("\n", -1)) {
            String trimmed = line.strip();
            if (trimmed.startsWith("[")) {
                section = trimmed.replace("[", "").replace("]", "").strip();
                out.add(line);
                overrides.getOrDefault(section, Map.of()).forEach((key, value) -> out.add("  " + key + " = " + value));
                continue;
            }
            int equals = trimmed.indexOf('=');
            if (!trimmed.startsWith("#") && equals > 0
                    && overrides.getOrDefault(section, Map.of()).containsKey(trimmed.substring(0, equals).strip())) {
                continue;
            }
            out.add(line);
        }
        return String.join("\n", out);
    }

    private int ping(HttpClient http) {
        try {
            return http.send(HttpRequest.newBuilder(url.resolve("/ping")).timeout(Duration.ofSeconds(2)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static String quoted(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** Null when influxd can run; otherwise why not. With CI=true a missing installation fails instead. */
    private static String missingInstallation() {
        for (Path needed : List.of(INFLUXD, PACKAGED_CONFIG)) {
            if (!Files.exists(needed)) {
                String message = needed + " is missing: run scripts/install-test-deps.sh, which installs the Debian "
                        + "package influxdb (InfluxDB 1.x)";
                if ("true".equals(System.getenv("CI"))) {
                    Assertions.fail(message);
                }
                return message;
            }
        }
        return null;
    }
}
