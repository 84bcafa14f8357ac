package io.fabricpulse.deploy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the agent is started on a compute node, read from the files the .deb, the image and the chart are
 * made of: one JVM options file for a tiny daemon, every option with its reason; the launcher and the
 * image use it and the AOT cache; the unit runs the agent at the lowest priority on the CPUs agent.env
 * lists; the DaemonSet asks for what the footprint bench measured (docs/PERFORMANCE.md).
 */
class AgentLaunchSettingsTest {

    private static final Path FILES = DeployBuild.current().repositoryRoot().resolve("deploy/src/deb/files");

    @Test
    void everyJvmOptionSaysWhyAndTheDaemonIsSmallAndQuiet() throws IOException {
        List<String> lines = Files.readAllLines(FILES.resolve("jvm.options"));
        List<String> options = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                options.add(line);
                assertThat(lines.subList(0, i)).as("a comment before " + line + " says why")
                        .anyMatch(l -> l.startsWith("#"));
                assertThat(lines.get(i - 1).startsWith("#") || !lines.get(i - 1).isBlank())
                        .as(line + " belongs to a commented group").isTrue();
            }
        }
        assertThat(options).doesNotHaveDuplicates().contains("-XX:+UseSerialGC", "-Xmx24m", "-XX:TieredStopAtLevel=1",
                "-XX:CICompilerCount=1", "-XX:-UsePerfData", "-XX:GuaranteedSafepointInterval=0",
                "-Djdk.internal.httpclient.selectorTimeout=3600000", "--enable-native-access=ALL-UNNAMED");
        assertThat(options).as("one option per line: the file is also read by people")
                .allMatch(o -> !o.contains(" "));
    }

    @Test
    void theLauncherStartsTheJarWithTheOptionsFileAndTheAotCache() throws IOException {
        String launcher = Files.readString(FILES.resolve("fabricpulse-agent"));

        assertThat(launcher).contains("\"@$home/jvm.options\"", "-XX:AOTCache=\"$home/fabricpulse-agent.aot\"",
                "-jar \"$home/fabricpulse-agent.jar\"", "MALLOC_ARENA_MAX");
        assertThat(launcher.indexOf("jvm.options")).as("an admin's FABRICPULSE_AGENT_JAVA_OPTS come later and win")
                .isLessThan(launcher.indexOf("${FABRICPULSE_AGENT_JAVA_OPTS:-}"));
    }

    @Test
    void theUnitRunsAtTheLowestPriorityOnTheCpusTheConfigurationNames() throws IOException {
        List<String> unit = Files.readAllLines(FILES.resolve("fabricpulse-agent.service"));
        String env = Files.readString(FILES.resolve("agent.env"));

        assertThat(unit).contains("Nice=19", "CPUSchedulingPolicy=idle", "IOSchedulingClass=idle",
                "ExecStartPre=+/usr/bin/systemctl set-property --runtime %n AllowedCPUs=${FABRICPULSE_CPUS}");
        assertThat(env).as("the admin's setting, empty for every CPU").containsPattern("(?m)^FABRICPULSE_CPUS=$");
        assertThat(unit).as("the agent itself may not change its own placement")
                .contains("SystemCallFilter=~@privileged @resources");
    }

    @Test
    void theDaemonSetAsksForWhatTheBenchMeasured() {
        DaemonSet agent = new HelmChart(DeployBuild.current().chart()).render(UnaryOperator.identity())
                .named(DaemonSet.class, "noc-fabricpulse-agent");
        Container container = agent.getSpec().getTemplate().getSpec().getContainers().getFirst();

        assertThat(container.getResources().getRequests()).containsEntry("cpu", new Quantity("5m"))
                .containsEntry("memory", new Quantity("96Mi"));
        assertThat(container.getResources().getLimits()).containsEntry("cpu", new Quantity("500m"))
                .containsEntry("memory", new Quantity("160Mi"));
        assertThat(container.getCommand()).as("the image's entrypoint").isNullOrEmpty();
    }

    @Test
    void javaOptionsComeAfterTheImagesOptionsFileSoTheyWin() {
        DaemonSet agent = new HelmChart(DeployBuild.current().chart())
                .render(o -> o.set("agent.javaOptions", "-Xmx256m  -XX:+PrintFlagsFinal"))
                .named(DaemonSet.class, "noc-fabricpulse-agent");
        Container container = agent.getSpec().getTemplate().getSpec().getContainers().getFirst();

        assertThat(container.getCommand()).containsExactly("/opt/java/bin/java", "@/app/jvm.options",
                "-XX:AOTCache=/app/fabricpulse-agent.aot", "-Xmx256m", "-XX:+PrintFlagsFinal", "-jar",
                "/app/fabricpulse-agent.jar");
        assertThat(container.getEnv()).noneMatch(e -> e.getName().equals("JAVA_TOOL_OPTIONS"));
    }
}
