package io.fabricpulse.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docker-compose.yml as Docker Compose itself reads it ({@code docker-compose config} works without a
 * Docker engine): valid with the settings of .env.example plus the secrets, for the default services
 * and the node-agent profile; refused, naming the value, while a secret is missing.
 */
class ComposeFileIT {

    /** The secrets .env.example leaves empty on purpose. */
    private static final Map<String, String> SECRETS = Map.of(
            "FABRICPULSE_AGENT_TOKEN", "agent-token-for-the-test",
            "FABRICPULSE_ADMIN_PASSWORD", "admin-password-for-the-test",
            "POSTGRES_PASSWORD", "postgres-password-for-the-test");

    private static final DeployBuild build = DeployBuild.current();
    private static Path compose;
    /** `docker-compose config` output, without and with the node-agent profile (each run takes seconds). */
    private static JsonNode resolved;
    private static JsonNode resolvedWithNodeAgent;

    @BeforeAll
    static void resolve() throws IOException {
        compose = HostTools.require("docker-compose", "docker-compose");
        resolved = resolved();
        resolvedWithNodeAgent = resolved("--profile", "node-agent");
    }

    @Test
    void validForTheDefaultServicesAndTheNodeAgentProfile() {
        config(SECRETS, "config", "-q").ok();
        config(SECRETS, "--profile", "node-agent", "config", "-q").ok();
    }

    @Test
    void aMissingSecretIsRefusedByName() {
        Map<String, String> withoutToken = new HashMap<>(SECRETS);
        withoutToken.put("POSTGRES_PASSWORD", "");
        Command.Result result = config(withoutToken, "config", "-q");
        assertThat(result.exitCode()).isNotZero();
        assertThat(result.stderr()).contains("set POSTGRES_PASSWORD in .env");
    }

    @Test
    void theServerRunsOnPostgresqlAndVictoriaMetricsAfterTheirHealthChecks() {
        JsonNode services = resolved.path("services");
        // `config` lists every service; those of a profile say so, the rest start with a plain `up`.
        assertThat(names(services)).containsExactlyInAnyOrder("postgres", "victoria-metrics", "server", "demo-agent", "node-agent");
        for (String name : List.of("postgres", "victoria-metrics", "server", "demo-agent")) {
            assertThat(services.path(name).has("profiles")).as(name + " starts by default").isFalse();
        }

        for (String name : List.of("postgres", "victoria-metrics", "server")) {
            assertThat(services.path(name).path("healthcheck").path("test").isArray()).as(name + " health check").isTrue();
        }
        JsonNode server = services.path("server");
        assertThat(server.path("depends_on").path("postgres").path("condition").asText()).isEqualTo("service_healthy");
        assertThat(server.path("depends_on").path("victoria-metrics").path("condition").asText()).isEqualTo("service_healthy");
        assertThat(server.path("image").asText()).isEqualTo(build.serverImage());
        JsonNode env = server.path("environment");
        assertThat(env.path("SPRING_R2DBC_URL").asText()).isEqualTo("r2dbc:postgresql://postgres:5432/fabricpulse");
        assertThat(env.path("FABRICPULSE_SERIES_TYPE").asText()).isEqualTo("prometheus");
        assertThat(env.path("FABRICPULSE_SERIES_PROMETHEUS_WRITE_URL").asText())
                .isEqualTo("http://victoria-metrics:8428/api/v1/write");
        assertThat(env.path("FABRICPULSE_SERIES_PROMETHEUS_QUERY_URL").asText()).isEqualTo("http://victoria-metrics:8428");
        assertThat(server.path("read_only").asBoolean()).isTrue();
        assertThat(server.path("cap_drop").toString()).isEqualTo("[\"ALL\"]");

        // The health check runs a class of the server's jar: it must exist under that name.
        List<String> check = new ArrayList<>();
        server.path("healthcheck").path("test").forEach(argument -> check.add(argument.asText()));
        String checkClass = check.stream().filter(a -> a.startsWith("io.fabricpulse.")).findFirst().orElseThrow();
        assertThat(build.repositoryRoot().resolve("backend/src/main/java/" + checkClass.replace('.', '/') + ".java"))
                .isRegularFile();

        JsonNode demo = services.path("demo-agent");
        assertThat(demo.path("image").asText()).isEqualTo(build.agentImage());
        assertThat(demo.path("command").toString()).contains("\"--source\",\"sim\"", "\"http://server:8080\"");
    }

    @Test
    void dataLivesInNamedVolumes() {
        assertThat(names(resolved.path("volumes")))
                .containsExactlyInAnyOrder("postgres-data", "victoria-metrics-data", "server-data", "agent-spool");
        assertThat(resolved.path("services").path("postgres").path("volumes").get(0).asText())
                .isEqualTo("postgres-data:/var/lib/postgresql/data:rw");
    }

    @Test
    void theNodeAgentProfileGetsTheDeviceSysfsReadOnlyAndNoCapabilities() {
        JsonNode agent = resolvedWithNodeAgent.path("services").path("node-agent");
        assertThat(agent.path("network_mode").asText()).isEqualTo("host");
        assertThat(agent.path("devices").toString()).isEqualTo("[\"/dev/infiniband:/dev/infiniband\"]");
        List<String> volumes = new ArrayList<>();
        agent.path("volumes").forEach(v -> volumes.add(v.asText()));
        assertThat(volumes).contains("/sys/class/infiniband:/sys/class/infiniband:ro", "agent-spool:/var/lib/fabricpulse:rw");
        assertThat(agent.path("cap_drop").toString()).isEqualTo("[\"ALL\"]");
        assertThat(agent.path("cap_add").isMissingNode()).isTrue();
        assertThat(agent.path("privileged").asBoolean(false)).isFalse();
        assertThat(agent.path("read_only").asBoolean()).isTrue();
        assertThat(agent.path("security_opt").toString()).contains("no-new-privileges:true");
        assertThat(agent.path("command").toString()).contains("\"run\"", "\"--server\"", "\"http://localhost:8080\"");
        assertThat(agent.path("profiles").toString()).as("only with its profile").isEqualTo("[\"node-agent\"]");
    }

    private static JsonNode resolved(String... options) throws IOException {
        List<String> arguments = new ArrayList<>(List.of(options));
        arguments.add("config");
        Command.Result result = config(SECRETS, arguments.toArray(String[]::new)).ok();
        return new ObjectMapper(new YAMLFactory()).readTree(result.stdout());
    }

    private static Command.Result config(Map<String, String> environment, String... arguments) {
        Path root = build.repositoryRoot();
        assertThat(root.resolve(".env.example")).isRegularFile();
        List<String> command = new ArrayList<>(List.of(compose.toString(),
                "--project-directory", root.toString(),
                "--env-file", root.resolve(".env.example").toString(),
                "-f", root.resolve("docker-compose.yml").toString()));
        command.addAll(List.of(arguments));
        return new Command(command, environment, root).run(60);
    }

    private static Set<String> names(JsonNode object) {
        Set<String> names = new TreeSet<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
