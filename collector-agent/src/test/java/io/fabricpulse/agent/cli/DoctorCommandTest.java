package io.fabricpulse.agent.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/** doctor on this kind of machine: no InfiniBand device, so it must explain and not crash. */
class DoctorCommandTest {

    private record Run(int exitCode, String out) {
    }

    private static Run doctor(String... args) {
        StringWriter out = new StringWriter();
        CommandLine cl = new CommandLine(new DoctorCommand(Clock.systemUTC()));
        cl.setOut(new PrintWriter(out));
        int code = cl.execute(args);
        return new Run(code, out.toString());
    }

    @Test
    void aMissingLibraryIsNamedWithWhatToInstall(@TempDir Path dir) {
        Run run = doctor("--libibumad", "libdoes-not-exist.so.9", "--sysfs-dir", dir.resolve("none").toString());
        assertThat(run.out()).contains("umad:  not usable: libdoes-not-exist.so.9 cannot be loaded",
                "install rdma-core's libibumad", "sysfs: not usable: no InfiniBand devices under " + dir.resolve("none") + ": the directory does not exist",
                "auto:  no source works on this host");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void withoutDevicesDoctorSaysWhyAndPointsAtSysfsWhenThatWorks(@TempDir Path dir) throws Exception {
        Path sysfs = AgentMainTest.fixture("cx6-host");
        Run run = doctor("--dev-dir", dir.resolve("dev").toString(), "--sysfs-dir", sysfs.toString());
        assertThat(run.out()).contains("umad:  not usable", "sysfs: OK: 3 devices under " + sysfs + ", ",
                "auto:  sysfs");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void aDeviceDirectoryWithoutUmadDevicesIsExplained(@TempDir Path dir) throws Exception {
        Path dev = Files.createDirectories(dir.resolve("dev"));
        Files.createFile(dev.resolve("uverbs0"));
        Run run = doctor("--dev-dir", dev.toString(), "--sysfs-dir", dir.resolve("none").toString());
        assertThat(run.out()).contains("has no umad* device (load the ib_umad kernel module)");
    }
}
