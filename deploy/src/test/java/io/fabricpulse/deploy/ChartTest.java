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
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
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
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import static io.fabricpulse.deploy.Pods.secretsReferenced;
import static io.fabricpulse.deploy.Pods.volume;
import static org.assertj.core.api.Assertions.assertThat;

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
                Map.entry("FABRICPULSE_BOOTSTRAP_TOKEN", "noc-fabricpulse-auth"),
                Map.entry("FABRICPULSE_ADMIN_PASSWORD", "noc-fabricpulse-auth"));
        assertThat(server.getSpec().getTemplate().getMetadata().getAnnotations()).containsKey("checksum/config");
    }

    @Test
    void givenSecretsAreAReleaseResourceAndMissingOnesAreGeneratedOnceByAnInstallHook() {
        Secret given = chart.render(c -> c.set("auth.agentToken", "s3cr3t-token").set("auth.bootstrapToken", "b00t")
                        .set("auth.adminPassword", "pw"))
                .named(Secret.class, "noc-fabricpulse-auth");
        assertThat(decode(given, "agent-token")).isEqualTo("s3cr3t-token");
        assertThat(decode(given, "bootstrap-token")).isEqualTo("b00t");
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
    void haValuesRenderWholeReplicasOnPostgresqlAndVictoriaMetricsWithoutAVolume() {
        KubernetesManifests manifests = chart.render(c -> c.withValuesFile(chart.haValues()));

        assertThat(manifests.find(Deployment.class)).as("several replicas are a StatefulSet").isEmpty();
        StatefulSet server = manifests.named(StatefulSet.class, SERVER);
        assertThat(server.getSpec().getReplicas()).isEqualTo(3);
        assertThat(server.getSpec().getUpdateStrategy().getType()).isEqualTo("RollingUpdate");
        assertThat(server.getSpec().getPodManagementPolicy()).isEqualTo("Parallel");
        assertThat(server.getSpec().getServiceName()).isEqualTo(SERVER + "-replicas");
        Service replicas = manifests.named(Service.class, SERVER + "-replicas");
        assertThat(replicas.getSpec().getClusterIP()).as("headless").isEqualTo("None");
        assertThat(replicas.getSpec().getPublishNotReadyAddresses()).as("a catching-up replica gets its backlog").isTrue();
        assertThat(server.getSpec().getTemplate().getSpec().getContainers().getFirst().getEnv()).anySatisfy(e -> {
            assertThat(e.getName()).isEqualTo("FABRICPULSE_REPLICA_NAME");
            assertThat(e.getValueFrom().getFieldRef().getFieldPath()).isEqualTo("metadata.name");
        });
        List<String> agentArgs = manifests.named(DaemonSet.class, AGENT).getSpec().getTemplate().getSpec().getContainers()
                .getFirst().getArgs();
        assertThat(agentArgs.get(agentArgs.indexOf("--server") + 1)).as("every agent delivers to every replica")
                .isEqualTo("http://" + SERVER + "-0." + SERVER + "-replicas.fabric.svc:8080,"
                        + "http://" + SERVER + "-1." + SERVER + "-replicas.fabric.svc:8080,"
                        + "http://" + SERVER + "-2." + SERVER + "-replicas.fabric.svc:8080");
        assertThat(manifests.find(PersistentVolumeClaim.class)).as("external stores: no volume").isEmpty();
        assertThat(volume(server.getSpec().getTemplate().getSpec(), "data").getEmptyDir()).isNotNull();
        assertThat(manifests.one(PodDisruptionBudget.class).getSpec().getMaxUnavailable().getIntVal()).isEqualTo(1);

        assertThat(manifests.named(ConfigMap.class, SERVER + "-env").getData())
                .containsEntry("SPRING_R2DBC_URL", "r2dbc:postgresql://postgres.db.svc:5432/fabricpulse")
                .containsEntry("SPRING_R2DBC_USERNAME", "fabricpulse")
                .containsEntry("FABRICPULSE_SERIES_TYPE", "prometheus")
                .containsEntry("FABRICPULSE_SERIES_PROMETHEUS_WRITE_URL",
                        "http://vminsert.monitoring.svc:8480/insert/0/prometheus/api/v1/write")
                .containsEntry("FABRICPULSE_SERIES_PROMETHEUS_QUERY_URL",
                        "http://vmselect.monitoring.svc:8481/select/0/prometheus")
                .containsEntry("LOGGING_STRUCTURED_FORMAT_CONSOLE", "ecs");
        List<EnvVar> env = server.getSpec().getTemplate().getSpec().getContainers().getFirst().getEnv();
        assertThat(env).anySatisfy(e -> {
            assertThat(e.getName()).isEqualTo("SPRING_R2DBC_PASSWORD");
            assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("fabricpulse-postgresql");
            assertThat(e.getValueFrom().getSecretKeyRef().getKey()).isEqualTo("password");
        });
        assertThat(env).anySatisfy(e -> {
            assertThat(e.getName()).isEqualTo("FABRICPULSE_SERIES_PROMETHEUS_TOKEN");
            assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("fabricpulse-victoriametrics");
        });
        assertThat(manifests.all(Secret.class)).as("every credential comes from the site's Secrets").isEmpty();

        Ingress ingress = manifests.one(Ingress.class);
        assertThat(ingress.getSpec().getRules().getFirst().getHttp().getPaths().getFirst().getBackend().getService()
                .getName()).isEqualTo(SERVER);
        assertThat(manifests.named(Service.class, SERVER).getSpec().getPorts().getFirst().getTargetPort().getStrVal())
                .isEqualTo("http");
    }

    @Test
    void wholeReplicasOnTheEmbeddedSeriesStoreEachKeepAFullCopyOnAClaimOfTheirOwn() {
        KubernetesManifests manifests = chart.render(c -> c.withValuesFile(chart.haValues())
                .set("seriesStore.type", "embedded").set("server.persistence.size", "50Gi")
                .set("server.persistence.storageClass", "local-ssd"));

        StatefulSet server = manifests.named(StatefulSet.class, SERVER);
        assertThat(manifests.find(PersistentVolumeClaim.class)).as("no one claim shared by the replicas").isEmpty();
        assertThat(server.getSpec().getTemplate().getSpec().getVolumes()).extracting(Volume::getName)
                .as("the data volume comes from the claim template").doesNotContain("data");
        assertThat(server.getSpec().getTemplate().getSpec().getContainers().getFirst().getVolumeMounts())
                .anySatisfy(mount -> {
                    assertThat(mount.getName()).isEqualTo("data");
                    assertThat(mount.getMountPath()).isEqualTo("/var/lib/fabricpulse");
                });
        PersistentVolumeClaim template = server.getSpec().getVolumeClaimTemplates().getFirst();
        assertThat(template.getMetadata().getName()).isEqualTo("data");
        assertThat(template.getSpec().getAccessModes()).containsExactly("ReadWriteOnce");
        assertThat(template.getSpec().getStorageClassName()).isEqualTo("local-ssd");
        assertThat(template.getSpec().getResources().getRequests().get("storage")).isEqualTo(new Quantity("50Gi"));
        assertThat(manifests.named(ConfigMap.class, SERVER + "-env").getData())
                .containsEntry("SPRING_R2DBC_URL", "r2dbc:postgresql://postgres.db.svc:5432/fabricpulse")
                .containsEntry("FABRICPULSE_SERIES_TYPE", "embedded");
    }

    @Test
    void aPrometheusStoreWithoutTokenSendsNoCredentialsAndOneWithATokenGetsItFromTheChartsSecret() {
        KubernetesManifests open = chart.render(c -> c.set("seriesStore.type", "prometheus")
                .set("seriesStore.prometheus.writeUrl", "http://victoria-metrics:8428/api/v1/write")
                .set("seriesStore.prometheus.queryUrl", "http://victoria-metrics:8428"));
        assertThat(open.named(ConfigMap.class, SERVER + "-env").getData())
                .containsEntry("FABRICPULSE_SERIES_TYPE", "prometheus")
                .containsEntry("FABRICPULSE_SERIES_PROMETHEUS_QUERY_URL", "http://victoria-metrics:8428");
        assertThat(open.named(Deployment.class, SERVER).getSpec().getTemplate().getSpec().getContainers().getFirst()
                .getEnv()).noneMatch(e -> e.getName().equals("FABRICPULSE_SERIES_PROMETHEUS_TOKEN"));

        KubernetesManifests withToken = chart.render(c -> c.set("seriesStore.type", "prometheus")
                .set("seriesStore.prometheus.writeUrl", "https://mimir.example.com/api/v1/push")
                .set("seriesStore.prometheus.queryUrl", "https://mimir.example.com/prometheus")
                .set("seriesStore.prometheus.token", "s3cret"));
        assertThat(withToken.named(Deployment.class, SERVER).getSpec().getTemplate().getSpec().getContainers()
                .getFirst().getEnv()).anySatisfy(e -> {
            assertThat(e.getName()).isEqualTo("FABRICPULSE_SERIES_PROMETHEUS_TOKEN");
            assertThat(e.getValueFrom().getSecretKeyRef().getKey()).isEqualTo("prometheus-token");
        });
        assertThat(withToken.all(Secret.class)).anySatisfy(secret ->
                assertThat(secret.getData()).containsKey("prometheus-token"));
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


    private static void assertClean(LintResult result) {
        assertThat(result.isFailed()).as(String.join("\n", result.getMessages())).isFalse();
        assertThat(result.getMessages()).noneMatch(m -> m.contains("[ERROR]") || m.contains("[WARNING]"));
    }




    private static String decode(Secret secret, String key) {
        return new String(Base64.getDecoder().decode(secret.getData().get(key)), StandardCharsets.UTF_8);
    }
}
