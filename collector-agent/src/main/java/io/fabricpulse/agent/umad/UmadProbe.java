package io.fabricpulse.agent.umad;

import io.fabricpulse.agent.source.SourceProbe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.stream.Stream;

/**
 * Whether native MADs work on this host: the library loads AND a local port can be opened. Loading
 * alone proves little (the library is often installed on hosts without a device), so the probe opens
 * a session exactly as the umad source would. Used by {@code --source auto} and {@code doctor}.
 */
public final class UmadProbe {

    /** Where the kernel's umad device files live. */
    public static final Path DEFAULT_DEV_DIR = Path.of("/dev/infiniband");

    private final String library;
    private final Path devDir;
    private final Clock clock;

    public UmadProbe(String library, Path devDir, Clock clock) {
        this.library = library;
        this.devDir = devDir;
        this.clock = clock;
    }

    /** The probe result, and the library when it loaded (even if no port could be opened yet), else null. */
    public record Result(SourceProbe probe, UmadLibrary library) {
    }

    public Result probe() {
        UmadLibrary lib;
        try {
            lib = UmadLibrary.load(library);
        } catch (UmadUnavailableException e) {
            return new Result(SourceProbe.unusable("umad", e.getMessage()), null);
        }
        try (UmadSession session = UmadSession.open(lib, null, null, EngineSettings.DEFAULTS, clock)) {
            return new Result(SourceProbe.usable("umad", "%s port %d is Active, LID %d, through %s".formatted(
                    session.ca().name(), session.port().portNumber(), session.port().baseLid(), library)), lib);
        } catch (UmadUnavailableException e) {
            return new Result(SourceProbe.unusable("umad", e.getMessage() + devices()), lib);
        }
    }

    /** What the device directory says about why libibumad failed. */
    private String devices() {
        if (!Files.isDirectory(devDir)) {
            return "; " + devDir + " does not exist (no InfiniBand driver, or a container without the device mounted)";
        }
        List<Path> umads = list(devDir).stream().filter(p -> p.getFileName().toString().startsWith("umad")).toList();
        if (umads.isEmpty()) {
            return "; " + devDir + " has no umad* device (load the ib_umad kernel module)";
        }
        List<Path> denied = umads.stream().filter(p -> !Files.isReadable(p) || !Files.isWritable(p)).toList();
        return denied.isEmpty() ? "" : "; permission denied on " + denied
                + " (run as root, or add a udev rule granting this user rw; the sysfs source needs no privilege)";
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
