package io.fabricpulse.deploy;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The agent's .deb: what dpkg-deb says it holds, then the real thing on this Debian host (as root):
 * {@code dpkg -i}, {@code systemd-analyze verify} and {@code security} on the installed unit, the packaged
 * agent's {@code doctor} (also as root without capabilities, as the unit runs it), {@code dpkg --purge}.
 */
class AgentDebIT {

    private static final String PACKAGE = "fabricpulse-agent";
    private static final String UNIT = "/usr/lib/systemd/system/fabricpulse-agent.service";
    private static final Path INSTALL_LOCK = Path.of(System.getProperty("java.io.tmpdir"), "fabricpulse-agent-deb-it.lock");
    /** One line of `dpkg-deb --contents`: mode, owner/group, size, date, time, path [-> target]. */
    private static final Pattern CONTENT_LINE =
            Pattern.compile("([-dl][rwxsStT-]{9}) (\\S+)/(\\S+)\\s+\\d+ \\S+ \\S+ \\./(\\S*)(?: -> .*)?");

    private static DeployBuild build;
    private static Path deb;

    @BeforeAll
    static void requireDpkg() {
        HostTools.require("dpkg-deb", "dpkg");
        build = DeployBuild.current();
        deb = build.agentDeb();
    }

    @Test
    void theControlFieldsSayWhatItIsAndWhatItNeeds() {
        String info = Command.of("dpkg-deb", "--info", deb.toString()).run(60).ok().stdout();
        assertThat(field(info, "Package")).isEqualTo(PACKAGE);
        assertThat(field(info, "Version")).as("Debian's form of " + build.projectVersion())
                .isEqualTo(build.projectVersion().replace('-', '~').toLowerCase());
        assertThat(field(info, "Architecture")).as("it bundles a native Java runtime").isEqualTo("amd64");
        assertThat(field(info, "Depends")).isEqualTo("libc6 (>= 2.17)");
        assertThat(field(info, "Recommends")).isEqualTo("libibumad3");
        assertThat(deb.getFileName().toString()).isEqualTo(PACKAGE + "_" + field(info, "Version") + "_amd64.deb");

        String conffiles = Command.of("dpkg-deb", "--info", deb.toString(), "conffiles").run(60).ok().stdout();
        assertThat(conffiles.strip()).as("an upgrade keeps the operator's settings").isEqualTo("/etc/fabricpulse/agent.env");
    }

    @Test
    void theFilesHaveTheOwnersAndModesTheyNeed() {
        Map<String, String[]> contents = contents();
        assertThat(mode(contents, "usr/bin/fabricpulse-agent")).isEqualTo("-rwxr-xr-x");
        assertThat(mode(contents, "usr/lib/fabricpulse-agent/fabricpulse-agent.jar")).isEqualTo("-rw-r--r--");
        assertThat(mode(contents, "usr/lib/fabricpulse-agent/fabricpulse-agent.aot")).isEqualTo("-rw-r--r--");
        assertThat(mode(contents, "usr/lib/fabricpulse-agent/jvm.options")).isEqualTo("-rw-r--r--");
        assertThat(mode(contents, "usr/lib/fabricpulse-agent/java/bin/java")).isEqualTo("-rwxr-xr-x");
        assertThat(mode(contents, "usr/lib/fabricpulse-agent/java/lib/jspawnhelper")).isEqualTo("-rwxr-xr-x");
        assertThat(mode(contents, "usr/lib/fabricpulse-agent/java/lib/modules")).isEqualTo("-rw-r--r--");
        assertThat(mode(contents, UNIT.substring(1))).isEqualTo("-rw-r--r--");
        assertThat(mode(contents, "etc/fabricpulse/agent.env")).as("it holds the token").isEqualTo("-rw-------");
        assertThat(contents).containsKey("usr/share/doc/fabricpulse-agent/copyright");
        assertThat(contents.values()).as("root owns everything").allMatch(c -> c[1].equals("root") && c[2].equals("root"));
        assertThat(contents.values()).as("no setuid or setgid file").noneMatch(c -> c[0].matches(".*[sS].*"));
        assertThat(contents.keySet()).as("a runtime, not a JDK").noneMatch(p -> p.endsWith("/bin/javac"));
    }

    @Test
    void theJarIsTheOneTheAgentModuleBuilt(@TempDir Path unpacked) {
        Command.of("dpkg-deb", "-x", deb.toString(), unpacked.toString()).run(120).ok();
        assertThat(ImageArchive.sha256Of(unpacked.resolve("usr/lib/fabricpulse-agent/fabricpulse-agent.jar")))
                .isEqualTo(ImageArchive.sha256Of(build.repositoryRoot().resolve("collector-agent/target/fabricpulse-agent.jar")));
        // the launcher finds its files next to itself, so the unpacked package runs as the installed one would
        Command.Result version = new Command(List.of(unpacked.resolve("usr/bin/fabricpulse-agent").toString(),
                "--version"), Map.of("FABRICPULSE_AGENT_JAVA_OPTS", "-Xlog:class+path=info"), null).run(60).ok();
        assertThat(version.stdout()).as("the AOT cache was trained on this jar by this runtime")
                .contains("Archived app classpath validation: passed", "fabricpulse-agent " + build.projectVersion())
                .doesNotContain("[error");
        String unit = readString(unpacked.resolve(UNIT.substring(1)));
        assertThat(unit).contains("EnvironmentFile=/etc/fabricpulse/agent.env", "Restart=on-failure",
                "ProtectSystem=strict", "ProtectHome=yes", "NoNewPrivileges=yes", "PrivateTmp=yes",
                "DeviceAllow=char-infiniband_mad rw", "ReadOnlyPaths=/sys/class/infiniband", "StateDirectory=fabricpulse",
                "Nice=19", "CPUSchedulingPolicy=idle", "AllowedCPUs=${FABRICPULSE_CPUS}",
                "CapabilityBoundingSet=\n");
    }

    @Test
    void itInstallsTheUnitVerifiesAndThePackagedAgentRunsDoctor() throws IOException {
        HostTools.requireRoot("dpkg -i installs on this host");
        HostTools.require("dpkg", "dpkg");
        Path analyze = HostTools.require("systemd-analyze", "systemd");
        Path setpriv = HostTools.require("setpriv", "util-linux");
        // Builds of several checkouts may share this host: one installs at a time.
        try (FileChannel channel = FileChannel.open(INSTALL_LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock ignored = channel.lock()) {
            installVerifyRunAndPurge(analyze, setpriv);
        }
        assertThat(Path.of("/usr/lib/fabricpulse-agent")).doesNotExist();
        assertThat(Path.of("/etc/fabricpulse/agent.env")).doesNotExist();
        assertThat(Path.of(UNIT)).doesNotExist();
    }

    private void installVerifyRunAndPurge(Path analyze, Path setpriv) {
        assertThat(Command.of("dpkg-query", "-W", PACKAGE).run(60).exitCode())
                .as("refusing to replace a fabricpulse-agent this host already has (dpkg --purge it first)")
                .isNotZero();
        try {
            // dpkg takes no turns: while apt or another dpkg holds its lock, try again.
            await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofSeconds(2)).until(() -> {
                Command.Result install = Command.of("dpkg", "-i", deb.toString()).run(300);
                if (install.exitCode() != 0 && !install.stderr().contains("lock")) {
                    throw new AssertionError(install.describe());
                }
                return install.exitCode() == 0;
            });
            assertThat(Command.of("dpkg-query", "-W", "-f=${Status}", PACKAGE).run(60).ok().stdout())
                    .isEqualTo("install ok installed");

            Command.Result verify = Command.of(analyze.toString(), "verify", UNIT).run(120);
            assertThat(verify.exitCode()).as(verify.describe()).isZero();
            assertThat(verify.stdout() + verify.stderr()).as("no warnings either").isBlank();

            Command.Result security = Command.of(analyze.toString(), "security", "--offline=true", "--no-pager",
                    "fabricpulse-agent.service").run(120).ok();
            Matcher exposure = Pattern.compile("Overall exposure level for fabricpulse-agent.service: ([0-9.]+)")
                    .matcher(security.stdout());
            assertThat(exposure.find()).as(security.stdout()).isTrue();
            assertThat(Double.parseDouble(exposure.group(1))).as("systemd's exposure score, 0 best, 10 worst")
                    .isLessThanOrEqualTo(2.5);

            for (List<String> doctor : List.of(List.of("/usr/bin/fabricpulse-agent", "doctor"),
                    // as the unit runs it: root with no capability at all, no way to gain one
                    List.of(setpriv.toString(), "--bounding-set=-all", "--inh-caps=-all", "--no-new-privs",
                            "/usr/bin/fabricpulse-agent", "doctor"))) {
                Command.Result result = new Command(doctor, Map.of(), null).run(120);
                assertThat(result.exitCode()).as(result.describe()).isIn(0, 1);
                assertThat(result.stdout()).contains("umad:", "sysfs:", "sim:", "auto:")
                        .doesNotContain("cannot be loaded").as("the AOT cache maps").doesNotContain("[aot");
            }
            assertThat(Command.of("/usr/bin/fabricpulse-agent", "--version").run(60).ok().stdout())
                    .contains("fabricpulse-agent " + build.projectVersion(), "Java 25");
            Command.Result noServer = Command.of("/usr/bin/fabricpulse-agent", "run", "--server", "").run(60);
            assertThat(noServer.exitCode()).as("what the unit does with an unconfigured agent.env: exit 2, no restarts")
                    .isEqualTo(2);
        } finally {
            Command.of("dpkg", "--purge", PACKAGE).run(300);
        }
    }

    private static Map<String, String[]> contents() {
        String listing = Command.of("dpkg-deb", "--contents", deb.toString()).run(60).ok().stdout();
        return listing.lines().map(line -> {
            Matcher matcher = CONTENT_LINE.matcher(line);
            if (!matcher.matches()) {
                throw new AssertionError("unexpected dpkg-deb --contents line: " + line);
            }
            String path = matcher.group(4);
            return new String[]{path.endsWith("/") ? path.substring(0, path.length() - 1) : path,
                    matcher.group(1), matcher.group(2), matcher.group(3)};
        }).collect(Collectors.toMap(c -> c[0], c -> Arrays.copyOfRange(c, 1, 4), (a, b) -> a));
    }

    private static String mode(Map<String, String[]> contents, String path) {
        String[] entry = contents.get(path);
        assertThat(entry).as(path + " in the package").isNotNull();
        return entry[0];
    }

    private static String field(String info, String name) {
        return info.lines().map(String::strip).filter(l -> l.startsWith(name + ": ")).findFirst()
                .map(l -> l.substring(name.length() + 2))
                .orElseThrow(() -> new AssertionError("no " + name + " in\n" + info));
    }

    private static String readString(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
