package io.fabricpulse.deploy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.marcnuri.helm.LintResult;
import com.marcnuri.helm.TemplateCommand;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Helm chart: linted, rendered with the default values (one server on embedded stores, a sysfs
 * agent) and the HA values (replicas on PostgreSQL and InfluxDB, a umad agent), every manifest read
 * strictly into the Kubernetes API types, and the schema refusing what cannot work.
 */
class ChartTest {

    private static final String SERVER = "noc-fabricpulse-server";
    private static final String AGENT = "noc-fabricpulse-agent";

    private final DeployBuild build = DeployBuild.current();
    private final HelmChart chart = new HelmChart(build.chart());

    @Test
    void lintsCleanWithTheDefaultValues() {
        assertClean(chart.lint());
    }

    @Test
    void lintsCleanWithTheHaValues(@TempDir Path scratch) {
        assertClean(chart.lintWith(chart.haValues(), scratch));
    }

    @Test
    void defaultsRenderOneServerOnItsOwnVolume() {
        KubernetesManifests manifests = chart.render(UnaryOperator.identity());

        Deployment server = manifests.named(Deployment.class, SERVER);
        assertThat(server.getSpec().getReplicas()).isEqualTo(1);
        assertThat(server.getSpec().getStrategy().getType()).as("one RWO volume: no overlap").isEqualTo("Recreate");
        PersistentVolumeClaim claim = manifests.one(PersistentVolumeClaim.class);
        assertThat(claim.getSpec().getResources().getRequests()).containsEntry("storage", new Quantity("20Gi"));
        assertThat(volume(server.getSpec().getTemplate().getSpec(), "data").getPersistentVolumeClaim().getClaimName())
                .isEqualTo(claim.getMetadata().getName());
        assertThat(manifests.find(PodDisruptionBudget.class)).as("no PDB for a single replica").isEmpty();
        assertThat(manifests.find(Ingress.class)).isEmpty();

        ConfigMap env = manifests.named(ConfigMap.class, SERVER + "-env");
        assertThat(env.getData())
                .containsEntry("FABRICPULSE_SERIES_TYPE", "embedded")
                .doesNotContainKeys("SPRING_R2DBC_URL", "FABRICPULSE_SERIES_INFLUXDB_URL", "LOGGING_STRUCTURED_FORMAT_CONSOLE");
    }

    @Test
    void theServerIsProbedThroughActuatorAndRunsWithoutPrivileges() {
        Deployment server = chart.render(UnaryOperator.identity()).named(Deployment.class, SERVER);
        PodSpec pod = server.getSpec().getTemplate().getSpec();
        Container container = pod.getContainers().getFirst();

        assertThat(container.getStartupProbe().getHttpGet().getPath()).isEqualTo("/actuator/health/liveness");
        assertThat(container.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/actuator/health/liveness");
        assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/actuator/health/readiness");
        assertThat(container.getPorts()).singleElement()
                .satisfies(port -> assertThat(port.getContainerPort()).isEqualTo(8080));
        assertThat(container.getResources().getLimits()).containsKey("memory");

        assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
        assertThat(pod.getSecurityContext().getRunAsUser()).isEqualTo(65532L);
        assertThat(pod.getAutomountServiceAccountToken()).isFalse();
        assertThat(container.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
        assertThat(container.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
        assertThat(container.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
        assertThat(container.getImage()).isEqualTo("fabricpulse/fabricpulse-server:" + build.projectVersion());

        Map<String, String> secretRefs = container.getEnv().stream()
                .filter(e -> e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null)
                .collect(Collectors.toMap(EnvVar::getName, e -> e.getValueFrom().getSecretKeyRef().getName()));
        assertThat(secretRefs).containsOnly(
                Map.entry("FABRICPULSE_AGENT_TOKEN", "noc-fabricpulse-auth"),
                Map.entry("FABRICPULSE_ADMIN_PASSWORD", "noc-fabricpulse-auth"));
        assertThat(server.getSpec().getTemplate().getMetadata().getAnnotations()).containsKey("checksum/config");
    }

    @Test
    void givenSecretsAreAReleaseResourceAndMissingOnesAreGeneratedOnceByAnInstallHook() {
        Secret given = chart.render(c -> c.set("auth.agentToken", "s3cr3t-token").set("auth.adminPassword", "pw"))
                .named(Secret.class, "noc-fabricpulse-auth");
        assertThat(decode(given, "agent-token")).isEqualTo("s3cr3t-token");
        assertThat(decode(given, "admin-password")).isEqualTo("pw");
        assertThat(given.getMetadata().getAnnotations()).as("an ordinary release resource").isNullOrEmpty();

        // With a value missing the Secret is a pre-install hook (linted above): created once with the
        // generated value, outside the release's manifest, so an upgrade does not generate a new token.
        for (UnaryOperator<TemplateCommand> incomplete : List.<UnaryOperator<TemplateCommand>>of(
                UnaryOperator.identity(), c -> c.set("auth.agentToken", "s3cr3t-token"))) {
            KubernetesManifests manifests = chart.render(incomplete);
            assertThat(manifests.all(Secret.class)).isEmpty();
            assertThat(secretsReferenced(manifests.named(Deployment.class, SERVER).getSpec().getTemplate().getSpec()))
                    .containsExactly("noc-fabricpulse-auth");
        }

        KubernetesManifests external = chart.render(c -> c.set("auth.existingSecret", "site-auth"));
        assertThat(external.all(Secret.class)).as("the site's Secret is used, none created").isEmpty();
        assertThat(secretsReferenced(external.named(DaemonSet.class, AGENT).getSpec().getTemplate().getSpec()))
                .containsExactly("site-auth");
        assertThat(secretsReferenced(external.named(Deployment.class, SERVER).getSpec().getTemplate().getSpec()))
                .containsExactly("site-auth");
    }

    @Test
    void theDefaultAgentReadsSysfsAsANonRootUserWithNoPrivilegeAndNoDevice() {
        DaemonSet agent = chart.render(UnaryOperator.identity()).named(DaemonSet.class, AGENT);
        PodSpec pod = agent.getSpec().getTemplate().getSpec();
        Container container = pod.getContainers().getFirst();

        assertThat(pod.getNodeSelector()).containsEntry("feature.node.kubernetes.io/rdma.capable", "true");
        assertThat(pod.getTolerations()).isNotEmpty();
        assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
        assertThat(pod.getSecurityContext().getRunAsUser()).isEqualTo(65532L);
        assertThat(pod.getHostNetwork()).isNull();
        assertThat(container.getSecurityContext().getPrivileged()).isFalse();
        assertThat(container.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
        assertThat(container.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
        assertThat(container.getSecurityContext().getCapabilities().getAdd()).isNullOrEmpty();

        assertThat(container.getArgs()).containsExactly("run",
                "--server", "http://" + SERVER + ".fabric.svc:80",
                "--interval", "10s",
                "--source", "sysfs",
                "--agent-id", "$(NODE_NAME)");
        assertThat(hostPaths(pod)).containsOnly(Map.entry("/sys/class/infiniband", "Directory"));
        assertThat(container.getVolumeMounts()).anySatisfy(m -> {
            assertThat(m.getMountPath()).isEqualTo("/sys/class/infiniband");
            assertThat(m.getReadOnly()).isTrue();
        });
        assertThat(container.getVolumeMounts()).extracting(m -> m.getMountPath())
                .contains("/var/lib/fabricpulse", "/tmp").doesNotContain("/dev/infiniband");
    }

    @Test
    void haValuesRenderReplicasOnPostgresqlAndInfluxdbWithoutAVolume() {
        KubernetesManifests manifests = chart.render(c -> c.withValuesFile(chart.haValues()));

        Deployment server = manifests.named(Deployment.class, SERVER);
        assertThat(server.getSpec().getReplicas()).isEqualTo(3);
        assertThat(server.getSpec().getStrategy().getType()).isEqualTo("RollingUpdate");
        assertThat(manifests.find(PersistentVolumeClaim.class)).as("external stores: no volume").isEmpty();
        assertThat(volume(server.getSpec().getTemplate().getSpec(), "data").getEmptyDir()).isNotNull();
        assertThat(manifests.one(PodDisruptionBudget.class).getSpec().getMaxUnavailable().getIntVal()).isEqualTo(1);

        assertThat(manifests.named(ConfigMap.class, SERVER + "-env").getData())
                .containsEntry("SPRING_R2DBC_URL", "r2dbc:postgresql://postgres.db.svc:5432/fabricpulse")
                .containsEntry("SPRING_R2DBC_USERNAME", "fabricpulse")
                .containsEntry("FABRICPULSE_SERIES_TYPE", "influxdb")
                .containsEntry("FABRICPULSE_SERIES_INFLUXDB_URL", "http://influxdb.monitoring.svc:8086")
                .containsEntry("FABRICPULSE_SERIES_INFLUXDB_ORG", "fabricpulse")
                .containsEntry("LOGGING_STRUCTURED_FORMAT_CONSOLE", "ecs");
        List<EnvVar> env = server.getSpec().getTemplate().getSpec().getContainers().getFirst().getEnv();
        assertThat(env).anySatisfy(e -> {
            assertThat(e.getName()).isEqualTo("SPRING_R2DBC_PASSWORD");
            assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("fabricpulse-postgresql");
            assertThat(e.getValueFrom().getSecretKeyRef().getKey()).isEqualTo("password");
        });
        assertThat(env).anySatisfy(e -> {
            assertThat(e.getName()).isEqualTo("FABRICPULSE_SERIES_INFLUXDB_TOKEN");
            assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("fabricpulse-influxdb");
        });
        assertThat(manifests.all(Secret.class)).as("every credential comes from the site's Secrets").isEmpty();

        Ingress ingress = manifests.one(Ingress.class);
        assertThat(ingress.getSpec().getRules().getFirst().getHttp().getPaths().getFirst().getBackend().getService()
                .getName()).isEqualTo(SERVER);
        assertThat(manifests.one(Service.class).getSpec().getPorts().getFirst().getTargetPort().getStrVal()).isEqualTo("http");
    }

    @Test
    void aUmadAgentGetsTheDeviceThroughTheDevicePluginAsRootWithoutCapabilities() {
        DaemonSet agent = chart.render(c -> c.withValuesFile(chart.haValues())).named(DaemonSet.class, AGENT);
        PodSpec pod = agent.getSpec().getTemplate().getSpec();
        Container container = pod.getContainers().getFirst();

        assertThat(pod.getSecurityContext().getRunAsUser()).isZero();
        assertThat(pod.getSecurityContext().getRunAsNonRoot()).isNull();
        assertThat(container.getSecurityContext().getPrivileged()).isFalse();
        assertThat(container.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
        assertThat(container.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
        assertThat(container.getSecurityContext().getCapabilities().getAdd()).isNullOrEmpty();
        assertThat(container.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
        assertThat(container.getResources().getLimits()).containsEntry("rdma/hca_shared_devices_a", new Quantity("1"));
        assertThat(container.getResources().getRequests()).containsEntry("rdma/hca_shared_devices_a", new Quantity("1"));
        assertThat(hostPaths(pod)).containsOnly(
                Map.entry("/sys/class/infiniband", "Directory"), Map.entry("/dev/infiniband", "Directory"));
        assertThat(container.getArgs()).containsSubsequence("--interval", "5s", "--source", "umad");
    }

    @Test
    void anInfluxdbWithoutOrganisationLeavesTheServersDefault() {
        ConfigMap env = chart.render(c -> c.set("seriesStore.type", "influxdb")
                        .set("seriesStore.influxdb.url", "http://influxdb:8086").set("seriesStore.influxdb.token", "t"))
                .named(ConfigMap.class, SERVER + "-env");
        assertThat(env.getData()).containsEntry("FABRICPULSE_SERIES_INFLUXDB_URL", "http://influxdb:8086")
                .containsEntry("FABRICPULSE_SERIES_INFLUXDB_DATABASE", "fabricpulse")
                .doesNotContainKeys("FABRICPULSE_SERIES_INFLUXDB_ORG", "FABRICPULSE_SERIES_INFLUXDB_BUCKET");
    }

    @Test
    void aPrivilegedAgentOnlyWhenAskedForByName() {
        DaemonSet agent = chart.render(c -> c.set("agent.source", "umad").set("agent.umad.deviceAccess", "privileged"))
                .named(DaemonSet.class, AGENT);
        Container container = agent.getSpec().getTemplate().getSpec().getContainers().getFirst();
        assertThat(container.getSecurityContext().getPrivileged()).isTrue();
        assertThat(container.getResources().getLimits()).doesNotContainKey("rdma/hca_shared_devices_a");
    }

    @Test
    void theSchemaRefusesSeveralReplicasOnEmbeddedStores() {
        assertRefused(c -> c.set("server.replicas", 2), "/stateStore/type");
        assertRefused(c -> c.set("server.replicas", 2).set("stateStore.type", "postgresql")
                .set("stateStore.postgresql.url", "r2dbc:postgresql://db:5432/fp")
                .set("stateStore.postgresql.password", "pw"), "/seriesStore/type");
    }

    @Test
    void theSchemaRefusesValuesThatCannotWork() {
        assertRefused(c -> c.set("server.replica", 2), "'replica'");
        assertRefused(c -> c.set("agent.source", "auto"), "/agent/source");
        assertRefused(c -> c.set("agent.interval", "10"), "/agent/interval");
        assertRefused(c -> c.set("server.logFormat", "json"), "/server/logFormat");
        assertRefused(c -> c.set("stateStore.type", "postgresql"), "/stateStore/postgresql");
        assertRefused(c -> c.set("seriesStore.type", "influxdb").set("seriesStore.influxdb.url", "influxdb:8086")
                .set("seriesStore.influxdb.token", "t"), "/seriesStore/influxdb/url");
        assertRefused(c -> c.set("auth.agentToken", "has blanks"), "/auth/agentToken");
        assertRefused(c -> c.set("server.persistence.size", "twenty"), "/server/persistence/size");
    }

    @Test
    void everyResourceCarriesTheReleaseLabelsAndTheChartFollowsTheProjectVersion() throws IOException {
        for (HasMetadata resource : chart.render(c -> c.withValuesFile(chart.haValues())).all()) {
            assertThat(resource.getMetadata().getLabels())
                    .as(resource.getKind() + " " + resource.getMetadata().getName())
                    .containsEntry("app.kubernetes.io/instance", HelmChart.RELEASE)
                    .containsEntry("app.kubernetes.io/version", build.projectVersion());
        }
        var chartYaml = new ObjectMapper(new YAMLFactory()).readTree(build.chart().resolve("Chart.yaml").toFile());
        assertThat(chartYaml.path("version").asText()).isEqualTo(build.projectVersion());
        assertThat(chartYaml.path("appVersion").asText()).isEqualTo(build.projectVersion());
    }

    private void assertRefused(UnaryOperator<TemplateCommand> values, String mentioned) {
        assertThatThrownBy(() -> chart.renderText(values))
                .as("values that must be refused")
                .hasMessageContaining("values don't meet the specifications of the schema")
                .hasMessageContaining(mentioned);
    }

    private static void assertClean(LintResult result) {
        assertThat(result.isFailed()).as(String.join("\n", result.getMessages())).isFalse();
        assertThat(result.getMessages()).noneMatch(m -> m.contains("[ERROR]") || m.contains("[WARNING]"));
    }

    /** Names of the Secrets a pod's containers take environment variables from. */
    private static Set<String> secretsReferenced(PodSpec pod) {
        return pod.getContainers().stream().flatMap(c -> c.getEnv().stream())
                .filter(e -> e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null)
                .map(e -> e.getValueFrom().getSecretKeyRef().getName())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Volume volume(PodSpec pod, String name) {
        return pod.getVolumes().stream().filter(v -> name.equals(v.getName())).findFirst()
                .orElseThrow(() -> new AssertionError("no volume " + name));
    }

    private static Map<String, String> hostPaths(PodSpec pod) {
        return pod.getVolumes().stream().filter(v -> v.getHostPath() != null)
                .collect(Collectors.toMap(v -> v.getHostPath().getPath(), v -> v.getHostPath().getType()));
    }

    private static String decode(Secret secret, String key) {
        return new String(Base64.getDecoder().decode(secret.getData().get(key)), StandardCharsets.UTF_8);
    }
}
