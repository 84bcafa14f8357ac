package io.fabricpulse.deploy;

import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The real tools the packaging tests run (docker-compose, dpkg-deb, systemd-analyze, unshare). Missing
 * one skips the test with what to install, except in CI ({@code CI=true}), where it fails: a check
 * that silently did not run is no check.
 */
final class HostTools {

    private HostTools() {
    }

    static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** The command's path on PATH, or the test stops (skipped, or failed in CI) saying how to get it. */
    static Path require(String command, String debianPackage) {
        return find(command).orElseGet(() -> {
            missing(command + " is not installed (Debian package " + debianPackage
                    + "; scripts/install-test-deps.sh installs it)");
            throw new AssertionError("unreachable");
        });
    }

    /** Tests that change the host (dpkg -i) or enter a root directory (unshare) need root. */
    static void requireRoot(String why) {
        if (!isRoot()) {
            missing("needs root: " + why);
        }
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    static Optional<Path> find(String command) {
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        return Stream.of(path.split(":"))
                .filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, command))
                .filter(Files::isExecutable)
                .findFirst();
    }

    private static void missing(String message) {
        if (inCi()) {
            fail("CI=true and " + message);
        }
        Assumptions.abort(message);
    }
}
