package io.fabricpulse.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The images' own files run their own entrypoints (no Docker engine here: the layers are unpacked into
 * a root and entered with unshare, as the image's user). Catches what a listing cannot: a library the
 * JVM or libibumad needs but the base lacks, a module missing from the jlinked runtime, a working
 * directory the user cannot write, a health check command that does not work in the image.
 */
class ImageRunIT {

    private static DeployBuild build;

    @BeforeAll
    static void requireRoot() {
        HostTools.requireRoot("entering an unpacked image's root (unshare --root) as its user");
        HostTools.require("unshare", "util-linux");
        HostTools.require("tar", "tar");
        build = DeployBuild.current();
    }

    @Test
    void theAgentImageRunsDoctorAndLoadsLibibumad(@TempDir Path work) {
        UnpackedImage agent = UnpackedImage.unpack(build.agentImageTar(), work);

        Command.Result doctor = agent.run(null, 120);
        assertThat(doctor.exitCode()).as(doctor.describe()).isIn(0, 1);
        assertThat(doctor.stdout()).contains("umad:", "sysfs:", "sim:", "auto:");
        assertThat(doctor.stdout()).as("libibumad.so.3 is in the image and loads")
                .doesNotContain("cannot be loaded").doesNotContain("install rdma-core");
        assertThat(doctor.stdout() + doctor.stderr()).as("the AOT cache matches the image's runtime and jar (the JVM"
                + " would say why not)").doesNotContain("[aot").doesNotContain("[cds");

        Command.Result version = agent.run(List.of("--version"), 60).ok();
        assertThat(version.stdout()).contains("fabricpulse-agent " + build.projectVersion(), "Java 25");
    }

    @Test
    void theServerImageStartsAsItsUserLogsJsonAndPassesItsHealthCheck(@TempDir Path work) throws Exception {
        UnpackedImage server = UnpackedImage.unpack(build.serverImageTar(), work.resolve("image"));
        int port = freePort();
        Path log = work.resolve("server.log");
        Process process = server.start(null, Map.of(
                // This test is about the image's files, user and command, not the JIT: the quick compiler
                // and one GC thread shorten the start on CI's two shared cores.
                "JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC",
                "SERVER_PORT", Integer.toString(port),
                "LOGGING_STRUCTURED_FORMAT_CONSOLE", "ecs",
                "FABRICPULSE_AGENT_TOKEN", "image-test-token",
                "FABRICPULSE_ADMIN_PASSWORD", "image-test-password"), log);
        try {
            URI readiness = URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness");
            try (HttpClient http = HttpClient.newHttpClient()) {
                await().atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofSeconds(1))
                        .failFast("the server exited: " + tail(log), () -> !process.isAlive())
                        .until(() -> status(http, readiness) == 200);
            }

            // docker-compose.yml's health check for the server, run in the image as the image's user.
            Command.Result check = server.runCommand(composeHealthCheck(port), 60);
            assertThat(check.exitCode()).as(check.describe()).isZero();

            JsonNode firstEvent = new ObjectMapper().readTree(Files.readAllLines(log).stream()
                    .filter(line -> line.startsWith("{")).findFirst()
                    .orElseThrow(() -> new AssertionError("no JSON log line: " + tail(log))));
            assertThat(firstEvent.has("@timestamp")).as(firstEvent.toString()).isTrue();
            assertThat(firstEvent.path("log").path("level").asText()).isNotEmpty();
            assertThat(firstEvent.path("service").path("name").asText()).isEqualTo("fabricpulse");
            assertThat(Files.readString(log)).contains("started by nonroot in /var/lib/fabricpulse");
        } finally {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        }
    }

    /** The server's health check command in docker-compose.yml ("CMD" dropped), asking this test's port. */
    private static List<String> composeHealthCheck(int port) throws IOException {
        JsonNode test = new ObjectMapper(new YAMLFactory()).readTree(build.repositoryRoot().resolve("docker-compose.yml")
                .toFile()).path("services").path("server").path("healthcheck").path("test");
        List<String> command = new ArrayList<>();
        test.forEach(argument -> command.add(argument.asText().replace("127.0.0.1:8080", "127.0.0.1:" + port)));
        assertThat(command.removeFirst()).isEqualTo("CMD");
        return command;
    }

    private static int status(HttpClient http, URI uri) {
        try {
            return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }
}
