package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.source.SourceProbe;
import io.fabricpulse.agent.sysfs.SysfsSource;
import io.fabricpulse.agent.umad.UmadLibrary;
import io.fabricpulse.agent.umad.UmadProbe;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;

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

    public DoctorCommand(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        SourceProbe umad = new UmadProbe(library, devDir, clock).probe().probe();
        SourceProbe sysfs;
        try (SysfsSource source = new SysfsSource(sysfsDir)) {
            sysfs = source.probe();
        }
        out.println("umad:  " + describe(umad));
        out.println("sysfs: " + describe(sysfs));
        out.println("sim:   available on request (--source sim with --demo or --topology FILE); never chosen automatically");
        out.println("auto:  " + (umad.usable() ? "umad" : sysfs.usable() ? "sysfs" : "no source works on this host"));
        out.flush();
        return umad.usable() || sysfs.usable() ? 0 : 1;
    }

    private static String describe(SourceProbe probe) {
        return (probe.usable() ? "OK: " : "not usable: ") + probe.detail();
    }
}
