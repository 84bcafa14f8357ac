package io.fabricpulse.model.topology;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the Debian packages put ibsim and its companions, and the house rule for tests that need
 * them: skip with a message when missing, fail when {@code CI=true}.
 */
public final class IbsimTools {

    public static final Path NET_EXAMPLES = Path.of("/usr/share/doc/ibsim-utils/net-examples");
    public static final Path IBSIM = Path.of("/usr/bin/ibsim");
    public static final Path IBNETDISCOVER = Path.of("/usr/sbin/ibnetdiscover");
    public static final Path UMAD2SIM = Path.of("/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so");

    private IbsimTools() {
    }

    /** Skips (or, with CI=true, fails) the calling test when {@code path} does not exist. */
    public static void require(Path path, String what) {
        if (Files.exists(path)) {
            return;
        }
        String message = what + " is missing (" + path + "): run scripts/install-test-deps.sh, which installs the Debian "
                + "packages ibsim-utils, opensm and infiniband-diags";
        if ("true".equals(System.getenv("CI"))) {
            Assertions.fail(message);
        }
        Assumptions.abort(message);
    }
}
