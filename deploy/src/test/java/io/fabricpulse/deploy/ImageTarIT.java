package io.fabricpulse.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two image tars the build made with Jib on our base: how they are layered, what they run, as
 * whom, and what is in each layer.
 */
class ImageTarIT {

    private static final String NONROOT = "65532:65532";

    private static DeployBuild build;
    private static ImageArchive base;
    private static ImageArchive server;
    private static ImageArchive agent;

    @BeforeAll
    static void read() {
        build = DeployBuild.current();
        base = ImageArchive.read(build.baseImageTar());
        server = ImageArchive.read(build.serverImageTar());
        agent = ImageArchive.read(build.agentImageTar());
    }

    @Test
    void bothImagesStartWithTheSameBaseLayersSoRegistriesAndNodesStoreThemOnce() {
        List<String> baseLayers = base.diffIds();
        assertThat(baseLayers).hasSize(2);
        assertThat(server.diffIds()).startsWith(baseLayers.toArray(String[]::new));
        assertThat(agent.diffIds()).startsWith(baseLayers.toArray(String[]::new));
        for (ImageArchive image : List.of(base, server, agent)) {
            assertThat(image.layers()).extracting(ImageArchive.Layer::diffId)
                    .as("each layer's content matches the digest the configuration names")
                    .containsExactlyElementsOf(image.diffIds());
        }
    }

    @Test
    void theServerRunsItsJarAsNonRootOnPort8080FromTheDataDirectory() {
        assertThat(server.repoTags()).containsExactly(build.serverImage());
        JsonNode run = server.runConfig();
        assertThat(server.strings(run.path("Entrypoint")))
                .containsExactly("/opt/java/bin/java", "-XX:MaxRAMPercentage=75", "@/app/server.jvm.options", "-jar",
                        "/app/fabricpulse-server.jar");
        ImageArchive.Layer options = server.layerWith("app/server.jvm.options");
        assertThat(options.get("app/server.jvm.options").sha256()).as("scripts/server.sh's JIT and GC options")
                .isEqualTo(ImageArchive.sha256Of(build.repositoryRoot().resolve("scripts/server.jvm.options")));
        assertThat(run.path("Cmd").isMissingNode() || run.path("Cmd").isNull()).isTrue();
        assertThat(run.path("User").asText()).isEqualTo(NONROOT);
        assertThat(run.path("WorkingDir").asText()).isEqualTo("/var/lib/fabricpulse");
        assertThat(names(run.path("ExposedPorts"))).containsExactly("8080/tcp");
        assertThat(names(run.path("Volumes"))).containsExactly("/var/lib/fabricpulse");
        assertThat(server.strings(run.path("Env"))).contains("LANG=C.UTF-8", "JAVA_HOME=/opt/java")
                .anySatisfy(e -> assertThat(e).startsWith("PATH=/opt/java/bin:"));
        assertLabels(server, "fabricpulse-server", "server");
    }

    @Test
    void theServerIsLayeredLibrariesFirstApplicationLast() {
        int libraries = server.layers().indexOf(server.layerWith(libraryNamed("spring-core-")));
        ImageArchive.Layer application = server.layerWith("app/fabricpulse-server.jar");
        int applicationIndex = server.layers().indexOf(application);
        assertThat(applicationIndex).as("the layer that changes with every build comes last")
                .isEqualTo(server.layers().size() - 1).isGreaterThan(libraries);
        assertThat(application.entries().keySet()).as("our own modules travel with the application")
                .anyMatch(p -> p.matches("app/lib/fabricpulse-model-.+\\.jar"))
                .anyMatch(p -> p.matches("app/lib/collector-agent-.+\\.jar"))
                .anyMatch(p -> p.matches("app/lib/frontend-.+\\.jar"));
        assertThat(server.layers().get(libraries).entries().keySet().stream().filter(p -> p.endsWith(".jar")).count())
                .as("third-party libraries").isGreaterThan(50);
    }

    @Test
    void theAgentRunsItsJarAsNonRootWithThePackagedOptionsAndAotCache() {
        assertThat(agent.repoTags()).containsExactly(build.agentImage());
        JsonNode run = agent.runConfig();
        assertThat(agent.strings(run.path("Entrypoint"))).containsExactly("/opt/java/bin/java", "@/app/jvm.options",
                "-XX:AOTCache=/app/fabricpulse-agent.aot", "-jar", "/app/fabricpulse-agent.jar");
        assertThat(agent.strings(run.path("Env"))).contains("MALLOC_ARENA_MAX=2");
        ImageArchive.Layer app = agent.layerWith("app/jvm.options");
        assertThat(app.get("app/jvm.options").sha256()).as("the .deb's options file")
                .isEqualTo(ImageArchive.sha256Of(build.repositoryRoot().resolve("deploy/src/deb/files/jvm.options")));
        assertThat(app.get("app/fabricpulse-agent.aot").size()).as("the cache trained at package time").isPositive();
        assertThat(agent.strings(run.path("Cmd"))).containsExactly("doctor");
        assertThat(run.path("User").asText()).isEqualTo(NONROOT);
        assertThat(names(run.path("ExposedPorts"))).as("the agent pushes; it listens nowhere").isEmpty();
        assertLabels(agent, "fabricpulse-agent", "agent");

        ImageArchive.Entry jar = agent.layerWith("app/fabricpulse-agent.jar").get("app/fabricpulse-agent.jar");
        assertThat(jar.sha256()).as("the jar the agent module built")
                .isEqualTo(ImageArchive.sha256Of(build.repositoryRoot().resolve("collector-agent/target/fabricpulse-agent.jar")));
    }

    @Test
    void theOsLayerIsGlibcLibibumadAndAnUnprivilegedUser() {
        ImageArchive.Layer os = base.layers().getFirst();
        assertThat(os.get("usr/lib/x86_64-linux-gnu/libc.so.6").directory()).isFalse();
        assertThat(os.get("lib64").linkTarget()).isEqualTo("usr/lib64");
        assertThat(os.get("usr/lib64/ld-linux-x86-64.so.2").symlink()).isTrue();
        assertThat(os.get("usr/lib/x86_64-linux-gnu/libibumad.so.3").symlink()).as("what the agent's FFM code loads").isTrue();
        assertThat(os.get("usr/lib/locale/C.utf8/LC_CTYPE").size()).isPositive();
        assertThat(os.get("etc/passwd").text()).contains("nonroot:x:65532:65532:");
        assertThat(os.get("etc/os-release").text()).contains("ID=debian");
        assertThat(os.get("var/lib/dpkg/status.d/libc6").text()).as("for vulnerability scanners")
                .contains("Package: libc6", "Version: ");
        assertThat(os.get("tmp").mode() & 07777).isEqualTo(01777);

        ImageArchive.Entry home = os.get("home/nonroot");
        ImageArchive.Entry data = os.get("var/lib/fabricpulse");
        assertThat(List.of(home.uid(), home.gid(), data.uid(), data.gid())).containsOnly(65532L);
        assertThat(os.entries().values()).as("everything else belongs to root")
                .filteredOn(e -> e != home && e != data).allMatch(e -> e.uid() == 0 && e.gid() == 0);
        assertThat(os.entries().keySet()).as("no shell, no package manager: nothing to exploit or to exec into")
                .noneMatch(p -> p.matches("usr/bin/(ba|da)?sh|bin/sh|usr/bin/apt.*|usr/bin/dpkg"));
    }

    @Test
    void theJavaLayerIsAJlinkedRuntimeWithTheModulesTheBuildAskedFor() {
        ImageArchive.Layer java = base.layers().get(1);
        assertThat(java.get("opt/java/bin/java").executable()).isTrue();
        String release = java.get("opt/java/release").text();
        assertThat(release).contains("JAVA_VERSION=\"25");
        for (String module : build.runtimeModules()) {
            assertThat(release).as("module " + module).containsPattern("MODULES=\"[^\"]*\\b" + module.replace(".", "\\.") + "\\b");
        }
        assertThat(release).doesNotContain("jdk.compiler", "jdk.jshell");
        assertThat(java.entries().keySet()).as("a runtime, not a JDK").noneMatch(p -> p.endsWith("bin/javac"));
    }

    @Test
    void noLayerOfEitherImageHoldsASetuidProgram() {
        for (ImageArchive image : List.of(server, agent)) {
            for (ImageArchive.Layer layer : image.layers()) {
                assertThat(layer.entries().values()).as(layer.file()).noneMatch(ImageArchive.Entry::setuidOrSetgid);
            }
        }
    }

    private static void assertLabels(ImageArchive image, String title, String component) {
        JsonNode labels = image.runConfig().path("Labels");
        assertThat(labels.path("org.opencontainers.image.title").asText()).isEqualTo(title);
        assertThat(labels.path("org.opencontainers.image.version").asText()).isEqualTo(build.projectVersion());
        assertThat(labels.path("io.fabricpulse.component").asText()).isEqualTo(component);
        assertThat(labels.path("io.fabricpulse.base.debian-packages").asText())
                .containsPattern("libc6=\\S+").containsPattern("libibumad3=\\S+");
        assertThat(labels.path("io.fabricpulse.base.java-runtime").asText()).startsWith("25");
    }

    private static String libraryNamed(String prefix) {
        return server.layers().stream().flatMap(l -> l.entries().keySet().stream())
                .filter(p -> p.startsWith("app/lib/" + prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no app/lib/" + prefix + "*.jar in the server image"));
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
