package io.fabricpulse.deploy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * What this build made and where, as Maven wrote it into {@code deploy-build.properties}: the tests
 * compare the artefacts against the build's own settings, not against copies of them.
 */
record DeployBuild(String projectVersion, Path repositoryRoot, Path buildDirectory, String serverImage,
                   String agentImage, List<String> runtimeModules) {

    static DeployBuild current() {
        Properties properties = new Properties();
        try (InputStream in = DeployBuild.class.getResourceAsStream("/deploy-build.properties")) {
            if (in == null) {
                throw new IllegalStateException("deploy-build.properties is missing from the test classpath");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new DeployBuild(properties.getProperty("project.version"),
                Path.of(properties.getProperty("repository.root")).normalize(),
                Path.of(properties.getProperty("build.directory")),
                properties.getProperty("image.server"),
                properties.getProperty("image.agent"),
                List.of(properties.getProperty("runtime.modules").split(",")));
    }

    Path chart() {
        return repositoryRoot.resolve("helm/fabricpulse");
    }

    Path serverImageTar() {
        return built("fabricpulse-server-image.tar");
    }

    Path agentImageTar() {
        return built("fabricpulse-agent-image.tar");
    }

    Path baseImageTar() {
        return built("base-image/fabricpulse-base.tar");
    }

    /** The agent's .deb: its name carries the Debian form of the version, so look it up. */
    Path agentDeb() {
        try (var files = Files.list(buildDirectory)) {
            return files.filter(f -> f.getFileName().toString().matches("fabricpulse-agent_.+_amd64\\.deb"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no fabricpulse-agent_*_amd64.deb in " + buildDirectory
                            + ": run the package phase first (./mvnw -pl deploy -am package)"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path built(String name) {
        Path file = buildDirectory.resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException(file + " does not exist: run the package phase first"
                    + " (./mvnw -pl deploy -am package)");
        }
        return file;
    }
}
