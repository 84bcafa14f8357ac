package io.fabricpulse.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An image tar unpacked the way a container runtime stacks it (every layer in order into one root), and
 * its entrypoint started inside that root - own mount and PID namespaces, /proc, the image's user,
 * working directory and environment, nothing of the host's - with util-linux's unshare. Not a container
 * (same network, no cgroup limits), but the image's files, libraries, user and command, for real.
 */
final class UnpackedImage {

    private final Path root;
    private final JsonNode config;

    private UnpackedImage(Path root, JsonNode config) {
        this.root = root;
        this.config = config;
    }

    static UnpackedImage unpack(Path imageTar, Path workDirectory) {
        Path archive = workDirectory.resolve("archive");
        Path root = workDirectory.resolve("root");
        try {
            Files.createDirectories(archive);
            Files.createDirectories(root);
            Command.of("tar", "-xf", imageTar.toString(), "-C", archive.toString()).run(120).ok();
            ObjectMapper json = new ObjectMapper();
            JsonNode manifest = json.readTree(archive.resolve("manifest.json").toFile()).get(0);
            for (JsonNode layer : manifest.path("Layers")) {
                // As root, tar keeps the numeric owners and modes the layer says (65532's directories).
                Command.of("tar", "--numeric-owner", "-xf", archive.resolve(layer.asText()).toString(),
                        "-C", root.toString()).run(120).ok();
            }
            Files.createDirectories(root.resolve("proc"));
            return new UnpackedImage(root, json.readTree(archive.resolve(manifest.path("Config").asText()).toFile())
                    .path("config"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack " + imageTar, e);
        }
    }

    Path root() {
        return root;
    }

    /** The command line that runs {@code entrypoint + args} (the image's Cmd when args is null) in the image. */
    List<String> command(List<String> args) {
        String[] user = config.path("User").asText("0:0").split(":");
        List<String> command = new ArrayList<>(List.of(HostTools.require("unshare", "util-linux").toString(), "--mount", "--pid", "--fork", "--kill-child",
                "--mount-proc", "--root=" + root, "--wd=" + config.path("WorkingDir").asText("/"),
                "--setuid=" + user[0], "--setgid=" + user[1]));
        config.path("Entrypoint").forEach(a -> command.add(a.asText()));
        if (args == null) {
            config.path("Cmd").forEach(a -> command.add(a.asText()));
        } else {
            command.addAll(args);
        }
        return command;
    }

    /** The image's environment (Env) plus extra variables. */
    Map<String, String> environment(Map<String, String> extra) {
        Map<String, String> environment = new HashMap<>();
        config.path("Env").forEach(e -> {
            String[] pair = e.asText().split("=", 2);
            environment.put(pair[0], pair[1]);
        });
        environment.putAll(extra);
        return environment;
    }

    /** Runs to completion: what the image does with these arguments. */
    Command.Result run(List<String> args, long timeoutSeconds) {
        return new Command(command(args), environment(Map.of()), null).cleanEnvironment().run(timeoutSeconds);
    }

    /** Runs another program of the image (instead of its entrypoint) the same way, to completion. */
    Command.Result runCommand(List<String> programAndArgs, long timeoutSeconds) {
        List<String> command = new ArrayList<>(command(List.of()));
        int entrypointLength = config.path("Entrypoint").size();
        command.subList(command.size() - entrypointLength, command.size()).clear();
        command.addAll(programAndArgs);
        return new Command(command, environment(Map.of()), null).cleanEnvironment().run(timeoutSeconds);
    }

    /** Starts a long-running process; the caller stops it (its children go with it: --kill-child). */
    Process start(List<String> args, Map<String, String> extraEnvironment, Path log) {
        ProcessBuilder builder = new ProcessBuilder(command(args)).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment(extraEnvironment));
        try {
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + builder.command(), e);
        }
    }
}
