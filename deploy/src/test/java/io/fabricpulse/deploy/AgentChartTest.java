package io.fabricpulse.deploy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.function.UnaryOperator;

import static io.fabricpulse.deploy.Pods.hostPaths;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent DaemonSet as the chart renders it for each source: sysfs as a non-root user without any
 * privilege, umad as root without capabilities through a device plugin, privileged only by name.
 */
class AgentChartTest {

    private static final String AGENT = "noc-fabricpulse-agent";
    private static final String SERVER = "noc-fabricpulse-server";

    private final HelmChart chart = new HelmChart(DeployBuild.current().chart());

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

    /** Enrolment: the bootstrap token, not the shared one, and the agent's own token kept on the node. */
    @Test
    void anEnrollingAgentKeepsItsOwnTokenOnTheNode() {
        DaemonSet agent = chart.render(c -> c.set("agent.credential", "enrol")).named(DaemonSet.class, AGENT);
        PodSpec pod = agent.getSpec().getTemplate().getSpec();
        Container container = pod.getContainers().getFirst();

        assertThat(container.getArgs()).containsSequence("--credential-file",
                "/var/lib/fabricpulse/credentials/$(NODE_NAME)");
        assertThat(container.getEnv()).extracting(env -> env.getName())
                .contains("FABRICPULSE_BOOTSTRAP_TOKEN").doesNotContain("FABRICPULSE_AGENT_TOKEN");
        assertThat(hostPaths(pod)).contains(Map.entry("/var/lib/fabricpulse-agent/credentials", "DirectoryOrCreate"));
        assertThat(container.getVolumeMounts()).extracting(m -> m.getMountPath())
                .contains("/var/lib/fabricpulse/credentials");
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


    /** Orders from the server are refused by default (the default's exact arguments above); each is allowed by name. */
    @Test
    void anAgentExecutesServerOrdersOnlyWhenEachIsAllowed() {
        DaemonSet clears = chart.render(c -> c.set("agent.allowCounterClear", "true")).named(DaemonSet.class, AGENT);
        assertThat(clears.getSpec().getTemplate().getSpec().getContainers().getFirst().getArgs())
                .contains("--allow-counter-clear").doesNotContain("--allow-port-control");
        DaemonSet both = chart.render(c -> c.set("agent.allowCounterClear", "true").set("agent.allowPortControl", "true"))
                .named(DaemonSet.class, AGENT);
        assertThat(both.getSpec().getTemplate().getSpec().getContainers().getFirst().getArgs())
                .contains("--allow-counter-clear", "--allow-port-control");
    }

    @Test
    void aPrivilegedAgentOnlyWhenAskedForByName() {
        DaemonSet agent = chart.render(c -> c.set("agent.source", "umad").set("agent.umad.deviceAccess", "privileged"))
                .named(DaemonSet.class, AGENT);
        Container container = agent.getSpec().getTemplate().getSpec().getContainers().getFirst();
        assertThat(container.getSecurityContext().getPrivileged()).isTrue();
        assertThat(container.getResources().getLimits()).doesNotContainKey("rdma/hca_shared_devices_a");
    }
}
