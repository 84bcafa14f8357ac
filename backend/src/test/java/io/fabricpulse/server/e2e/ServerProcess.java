package io.fabricpulse.server.e2e;

import tools.jackson.databind.json.JsonMapper;

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
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real server, {@code backend/target/fabricpulse-server.jar} (Boot's repackaged jar, built by the
 * package phase before integration tests), as its own JVM: what an operator runs, and what a test can
 * kill with SIGKILL to see what survives.
 */
public final class ServerProcess implements AutoCloseable {

    static final Path JAR = Path.of("target", "fabricpulse-server.jar");
    /** The shipped launcher, run from the backend module as failsafe does: its JVM options, the same jar. */
    private static final Path LAUNCHER = Path.of("..", "scripts", "server.sh");
    static final String ADMIN_PASSWORD = "restart-it-admin-password";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Process process;
    private final Path log;
    private final int port;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private ServerProcess(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** A free TCP port now (the server binds it a moment later; a clash fails the test loudly). */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Starts the server on {@code port} with its data under {@code dataDir}, the properties as arguments. */
    static ServerProcess start(Path dataDir, int port, String logName, List<String> properties) throws IOException {
        return start(dataDir, port, logName, List.of(), properties);
    }

    /** As {@link #start(Path, int, String, List)}, with options for the JVM (before {@code -jar}). */
    static ServerProcess start(Path dataDir, int port, String logName, List<String> jvmOptions, List<String> properties)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", JAR.toString()));
        return run(command, dataDir, port, logName, properties);
    }

    /**
     * Starts the server as a person does, through {@code scripts/server.sh} with its own JVM options (the jar
     * {@link #JAR} names, found by the launcher), on {@code port} with its data under {@code dataDir}.
     */
    public static ServerProcess launched(Path dataDir, int port, String logName, List<String> properties)
            throws IOException {
        return run(new ArrayList<>(List.of(LAUNCHER.toString())), dataDir, port, logName, properties);
    }

    private static ServerProcess run(List<String> command, Path dataDir, int port, String logName,
                                     List<String> properties) throws IOException {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException(JAR.toAbsolutePath() + " is missing: build it first (./mvnw -B verify"
                    + " packages the server before its integration tests)");
        }
        command.addAll(List.of("--server.port=" + port, "--fabricpulse.data-dir=" + dataDir,
                "--fabricpulse.security.admin-password=" + ADMIN_PASSWORD));
        properties.forEach(property -> command.add("--" + property));
        Path log = dataDir.resolveSibling(logName);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new ServerProcess(process, log, port);
    }

    /** Waits until the readiness probe says UP; the server's log explains a time-out. */
    public ServerProcess awaitReady(Duration patience) throws InterruptedException {
        Instant deadline = Instant.now().plus(patience);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("server exited with " + process.exitValue() + "; its log:\n" + log());
            }
            try {
                HttpResponse<String> ready = http.send(HttpRequest.newBuilder(uri("/actuator/health/readiness"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                if (ready.statusCode() == 200) {
                    return this;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("server not ready within " + patience + "; its log:\n" + log());
    }

    /** The status of an unauthenticated GET (a probe), or -1 while nothing listens. */
    int probe(String path) throws InterruptedException {
        try {
            return http.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException notListening) {
            return -1;
        }
    }

    /** GET as the admin; the body. */
    String get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path)).header("Authorization", "Basic " + adminBasic()), 200);
    }

    /**
     * Creates an API token as the admin; its secret. Basic-authenticated writes need CSRF's double
     * submit: the same value in the {@code XSRF-TOKEN} cookie and the {@code X-XSRF-TOKEN} header.
     */
    String createApiToken(String name, String... scopes) throws IOException, InterruptedException {
        String csrf = java.util.UUID.randomUUID().toString();
        String body = "{\"name\":\"" + name + "\",\"scopes\":[\"" + String.join("\",\"", scopes) + "\"]}";
        String created = send(HttpRequest.newBuilder(uri("/api/v1/tokens")).header("Authorization", "Basic " + adminBasic())
                .header("Cookie", "XSRF-TOKEN=" + csrf).header("X-XSRF-TOKEN", csrf)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)), 201);
        return JSON.readTree(created).path("secret").asString();
    }

    /** POST of JSON with a bearer token (an API or agent token); the body, after checking the status. */
    String post(String path, String bearer, String json, int expectedStatus) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + bearer)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)),
                expectedStatus);
    }

    private String send(HttpRequest.Builder request, int expectedStatus) throws IOException, InterruptedException {
        HttpRequest built = request.timeout(Duration.ofSeconds(30)).build();
        HttpResponse<String> response = http.send(built, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expectedStatus) {
            throw new IllegalStateException(built.method() + " " + built.uri() + ": " + response.statusCode() + " "
                    + response.body());
        }
        return response.body();
    }

    private static String adminBasic() {
        return Base64.getEncoder().encodeToString(("admin:" + ADMIN_PASSWORD).getBytes());
    }

    /** SIGKILL: no shutdown hook, no flush, like a power cut of the JVM. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private URI uri(String path) {
        return URI.create(baseUrl() + path);
    }

    /** SIGTERM, a graceful shutdown (the pipeline flushes what is queued), then SIGKILL if it hangs. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
