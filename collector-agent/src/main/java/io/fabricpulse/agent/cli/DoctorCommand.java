package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.umad.EngineSettings;
import io.fabricpulse.agent.umad.UmadLibrary;
import io.fabricpulse.agent.umad.UmadSession;
import io.fabricpulse.agent.umad.UmadUnavailableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code doctor}: which port source works on this host and, for each that does not, why, in words
 * an operator can act on. Exit code 0 when automatic selection has a source, 1 when none works.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Explain which port sources (umad, sysfs, sim) work on this host and why the others do not.")
public final class DoctorCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--libibumad", defaultValue = UmadLibrary.DEFAULT_LIBRARY, paramLabel = "LIB",
            description = "libibumad to load (default: ${DEFAULT-VALUE})")
    String library;

    @Option(names = "--dev-dir", defaultValue = "/dev/infiniband", hidden = true)
    Path devDir;

    @Option(names = "--sysfs-dir", defaultValue = "/sys/class/infiniband", hidden = true)
    Path sysfsDir;

    private final Clock clock;

    public DoctorCommand() {
        this(Clock.systemUTC());
    }

    public DoctorCommand(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        String umad = umad();
        String sysfs = sysfs();
        boolean umadOk = umad.startsWith("OK");
        boolean sysfsOk = sysfs.startsWith("OK");
        out.println("umad:  " + umad);
        out.println("sysfs: " + sysfs);
        out.println("sim:   available on request (--source sim with a topology file); never chosen automatically");
        out.println("auto:  " + (umadOk ? "umad" : sysfsOk ? "sysfs" : "no source works on this host"));
        out.flush();
        return umadOk || sysfsOk ? 0 : 1;
    }

    private String umad() {
        UmadLibrary lib;
        try {
            lib = UmadLibrary.load(library);
        } catch (UmadUnavailableException e) {
            return "not usable: " + e.getMessage();
        }
        try (UmadSession session = UmadSession.open(lib, null, null, EngineSettings.DEFAULTS, clock)) {
            return "OK: %s port %d is Active, LID %d, through %s".formatted(session.ca().name(),
                    session.port().portNumber(), session.port().baseLid(), library);
        } catch (UmadUnavailableException e) {
            return "not usable: " + e.getMessage() + devices();
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

    private String sysfs() {
        if (!Files.isDirectory(sysfsDir)) {
            return "not usable: " + sysfsDir + " does not exist (no RDMA driver loaded)";
        }
        List<Path> devices = list(sysfsDir);
        if (devices.isEmpty()) {
            return "not usable: " + sysfsDir + " lists no device";
        }
        long ports = devices.stream().flatMap(d -> list(d.resolve("ports")).stream())
                .filter(p -> Files.isDirectory(p.resolve("counters"))).count();
        return ports == 0 ? "not usable: no port of " + names(devices) + " has a counters/ directory"
                : "OK: %d port(s) with counters on %s".formatted(ports, names(devices));
    }

    private static List<String> names(List<Path> paths) {
        return paths.stream().map(p -> p.getFileName().toString()).toList();
    }

    private static List<Path> list(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
