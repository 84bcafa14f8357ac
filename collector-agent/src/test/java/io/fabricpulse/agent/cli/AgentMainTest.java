package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.spool.DiskSpool;
import io.fabricpulse.agent.testing.CapturedLog;
import io.fabricpulse.agent.testing.RecordingIngestServer.Request;
import io.fabricpulse.agent.testing.RecordingIngestServer.Response;
import io.fabricpulse.agent.testing.RecordingIngestServer;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The command line in-process: exit codes, messages, and a real push from a fixture host. */
class AgentMainTest {

    private final RecordingIngestServer server = new RecordingIngestServer();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @AfterEach
    void stop() {
        server.close();
    }

    private int run(Map<String, String> environment, String... args) {
        return AgentMain.execute(environment, Clock.systemDefaultZone(),
                new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    private int run(String... args) {
        return run(Map.of(), args);
    }

    static Path fixture(String name) throws Exception {
        return Path.of(AgentMainTest.class.getResource("/sysfs/" + name).toURI());
    }

    private String[] once(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "--once", "--server", server.baseUri().toString(),
                "--source", "sysfs", "--sysfs-root", fixture("cx6-host").toString(), "--agent-id", "gpu-node-017"));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    @Test
    void helpPrintsUsageWithTheSubcommands() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).startsWith("Usage: fabricpulse-agent [-hV] [COMMAND]").contains("  run ", "  help ",
                "  discover ", "  sweep ");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void runHelpListsEveryOption() {
        assertThat(run("run", "--help")).isZero();
        assertThat(out.toString()).contains("--server=URL", "--token=TOKEN", "--interval=DURATION", "--source=SOURCE",
                "--sysfs-root=DIR", "--agent-id=ID", "--once", "FABRICPULSE_AGENT_TOKEN", "Default: 10s");
    }

    @Test
    void versionNamesTheAgent() {
        assertThat(run("--version")).isZero();
        assertThat(out.toString()).startsWith("fabricpulse-agent ");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "''                                                 | Missing subcommand",
            "--bogus                                            | Unknown option: '--bogus'",
            "run --token t                                      | Missing required option: '--server=URL'",
            "run --server http://a:8080,http://a:8080 --token t | --server names a server twice",
            "run --server ftp://x --token t                     | Invalid value for option '--server' (URL): 'ftp://x' is not an http:// or https:// URL",
            "run --server http://exa^mple --token t             | Invalid value for option '--server' (URL): 'http://exa^mple' is not a URL",
            "run --server https://user:pw@x --token t           | carries credentials; the agent authenticates with --token",
            "run --server http://x?a=b --token t                | has a query or fragment",
            "run --server http://x --token t --interval 10x     | Invalid value for option '--interval': '10x' is not a duration",
            "run --server http://x --token t --interval 500ms   | Invalid value for option '--interval': 500 ms is outside 1s to 1h",
            "run --server http://x --token t --interval 2h      | Invalid value for option '--interval': 7200000 ms is outside 1s to 1h",
            "run --server http://x --token t --source umbrella  | Invalid value for option '--source': expected one of [AUTO, UMAD, SYSFS, SIM]",
            "run --server http://x --token t --demo             | --demo, --topology and --faults only apply to --source sim",
            "run --server http://x --token t --source sim --demo --topology f.net | give either --demo or --topology [--faults], not both",
            "run --server http://x --token t --source sim --faults f.txt | --faults needs --topology FILE",
            "run --server http://x                              | Missing the agent token: give --token TOKEN or set FABRICPULSE_AGENT_TOKEN",
            "run --server http://x --token t --agent-id a^b^c   | Invalid value for option '--agent-id': 'a b c' must be 1 to 128 printable characters",
            "run --server http://x --token t --intervall 5s     | Possible solutions: --interval",
            "run --server http://x --token t --no-spool --spool-dir d | --no-spool excludes --spool-dir and --spool-max-bytes",
            "run --server http://x --token t --once --spool-dir d     | --once does not spool",
            "run --server http://x --token t --spool-max-bytes 64KiB  | option '--spool-max-bytes': 64 KiB is less than the minimum of 1 MiB",
            "run --server http://x --token t --spool-max-bytes lots   | Invalid value for option '--spool-max-bytes': 'lots' is not a size",
            "run --server http://x --token t --role discover --source sysfs | --role discover walks the fabric with native MADs: use --source umad or auto, not sysfs",
            "run --server http://x --token t --role commander   | Invalid value for option '--role': expected one of [NODE, DISCOVER]",
            "run --server http://x --token t --discover-interval 0s | Invalid value for option '--discover-interval': 0 ms is outside 1s to 24h",
            "run --server http://x --token t --discover-interval 2d | Invalid value for option '--discover-interval': '2d' is not a duration",
            "perfquery 2abc 1                                   | Invalid value for positional parameter at index 0 (LID): '2abc' is not a number (decimal, 0x hex or 0-prefixed octal)",
            "perfquery -x 2 one                                 | Invalid value for positional parameter at index 1 (PORT): 'one' is not a number",
            "smpquery portinfo 2 0xg                            | Invalid value for positional parameter at index 2 (PORT): '0xg' is not a number",
    })
    void wrongCommandLinesExitWithTwoAndSayWhy(String line, String message) {
        String[] args = line.isEmpty() ? new String[0] : line.split(" ");
        for (int i = 0; i < args.length; i++) {
            args[i] = args[i].replace('^', ' ');
        }
        assertThat(run(args)).isEqualTo(2);
        assertThat(err.toString()).contains(message.replace('^', ' ')).contains("for more information.");
        assertThat(err.toString()).doesNotContain("\tat ", "Exception");
    }

    @Test
    void aSpoolDirectoryThatCannotBeUsedExitsWithOneAndSaysWhy(@TempDir Path dir) throws Exception {
        Path inTheWay = Files.writeString(dir.resolve("spool"), "a file, not a directory");
        try (CapturedLog ignored = new CapturedLog()) {
            assertThat(run("run", "--server", server.baseUri().toString(), "--token", "t", "--source", "sysfs",
                    "--sysfs-root", fixture("cx6-host").toString(), "--agent-id", "gpu-node-017",
                    "--spool-dir", inTheWay.toString())).isEqualTo(1);
        }
        assertThat(err.toString()).isEqualTo("fabricpulse-agent: cannot use the spool " + inTheWay + " (" + inTheWay
                + " is in the way: it is not a directory); give a writable --spool-dir DIR, or --no-spool\n");
        assertThat(server.drain()).isEmpty();
    }

    @Test
    void aSpoolHeldByAnotherProcessOfTheSameAgentExitsWithOne(@TempDir Path dir) throws Exception {
        try (CapturedLog ignored = new CapturedLog();
             DiskSpool running = DiskSpool.open(dir, "gpu-node-017", 1 << 20)) {
            assertThat(run("run", "--server", server.baseUri().toString(), "--token", "t", "--source", "sysfs",
                    "--sysfs-root", fixture("cx6-host").toString(), "--agent-id", "gpu-node-017",
                    "--spool-dir", dir.toString())).isEqualTo(1);
        }
        assertThat(err.toString()).contains("another process of agent 'gpu-node-017' uses the spool " + dir);
    }

    @Test
    void runHelpDescribesTheSpool() {
        assertThat(run("run", "--help")).isZero();
        assertThat(out.toString()).contains("--spool-dir=DIR", "--spool-max-bytes=SIZE", "--no-spool",
                "/var/lib/fabricpulse/spool", "Default: 256MiB");
    }

    @Test
    void aTokenWithBlanksFromTheEnvironmentIsAUsageError() {
        assertThat(run(Map.of("FABRICPULSE_AGENT_TOKEN", "two words"), "run", "--server", "http://x")).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid token (from FABRICPULSE_AGENT_TOKEN)");
    }

    @Test
    void runOncePushesTheFixtureHostToARealServer() throws Exception {
        try (CapturedLog ignored = new CapturedLog()) {
            assertThat(run(Map.of("FABRICPULSE_AGENT_TOKEN", "from-env"), once())).isZero();
        }
        assertThat(out.toString()).isEqualTo("pushed 1 batch to " + server.baseUri() + "/api/v1/ingest\n");

        Request request = server.takeRequest();
        assertThat(request.header("Authorization")).isEqualTo("Bearer from-env");
        IngestBatch batch = request.batch();
        assertThat(batch.agentId()).isEqualTo("gpu-node-017");
        assertThat(batch.source()).isEqualTo("sysfs");
        assertThat(batch.nodes()).extracting(NodeReport::guid)
                .containsExactly("0x0c42a10300a1b2c0", "0x0c42a10300a1b2c1", "0xb83fd20300a45e10");
    }

    @Test
    void autoOnAHostWithoutUmadDevicesFallsBackToSysfsAndSaysWhy() throws Exception {
        // This test host has no /dev/infiniband: umad cannot open a port (or the library is absent).
        try (CapturedLog log = new CapturedLog()) {
            assertThat(run("run", "--once", "--server", server.baseUri().toString(), "--token", "t",
                    "--sysfs-root", fixture("cx6-host").toString(), "--agent-id", "gpu-node-017")).isZero();
            assertThat(log.linesWith("source auto: umad not usable: ")).hasSize(1);
            assertThat(log.linesWith("source auto: using sysfs")).hasSize(1);
        }
        assertThat(server.takeRequest().batch().source()).isEqualTo("sysfs");
    }

    @Test
    void runOnceWithTheSimDemoPushesTheWholeDemoFabric() throws Exception {
        try (CapturedLog ignored = new CapturedLog()) {
            assertThat(run("run", "--once", "--server", server.baseUri().toString(), "--token", "t",
                    "--source", "sim", "--demo", "--agent-id", "demo")).isZero();
        }
        IngestBatch batch = server.takeRequest().batch();
        assertThat(batch.source()).isEqualTo("sim");
        assertThat(batch.nodes()).hasSize(702);
        assertThat(batch.nodes()).filteredOn(n -> n.type() == NodeType.SWITCH).hasSize(54);
    }

    @Test
    void simWithoutAFabricOrWithABrokenTopologyExitsWithOneAndSaysWhy(@TempDir Path dir) throws Exception {
        assertThat(run("run", "--once", "--server", server.baseUri().toString(), "--token", "t",
                "--source", "sim")).isEqualTo(1);
        assertThat(err.toString()).contains("--source sim needs --demo or --topology FILE");

        Path broken = Files.writeString(dir.resolve("broken.net"), "Switch 4 \"S-1\"\n[1] \"H-2\"[1\n");
        assertThat(run("run", "--once", "--server", server.baseUri().toString(), "--token", "t",
                "--source", "sim", "--topology", broken.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("line 2");
        assertThat(err.toString()).doesNotContain("\tat ");
    }

    @Test
    void tokenOptionWinsOverTheEnvironment() throws Exception {
        try (CapturedLog ignored = new CapturedLog()) {
            assertThat(run(Map.of("FABRICPULSE_AGENT_TOKEN", "from-env"), once("--token", "from-option"))).isZero();
        }
        assertThat(server.takeRequest().header("Authorization")).isEqualTo("Bearer from-option");
    }

    @Test
    void runOnceWithAWrongTokenExitsWithOneAndSaysWhatToCheck() throws Exception {
        server.thenAnswer(Response.problem(401, "invalid bearer token"));
        try (CapturedLog log = new CapturedLog()) {
            assertThat(run(once("--token", "wrong"))).isEqualTo(1);
            assertThat(log.linesWith("HTTP 401: invalid bearer token", "check the agent's token")).hasSize(1);
        }
        assertThat(err.toString()).isEqualTo("fabricpulse-agent: nothing delivered: the server could not take the"
                + " batch (see the log above)\n");
    }

    @Test
    void runOnceRefusedByTheServerExitsWithOne() throws Exception {
        server.thenAnswer(Response.problem(400, "nodes[0].guid: not a GUID"));
        try (CapturedLog log = new CapturedLog()) {
            assertThat(run(once("--token", "t"))).isEqualTo(1);
            assertThat(log.linesWith("HTTP 400: nodes[0].guid: not a GUID")).hasSize(1);
        }
        assertThat(err.toString()).isEqualTo("fabricpulse-agent: nothing delivered: the server refused the batch"
                + " (see the log above)\n");
    }

    @Test
    void autoWithoutAnyDeviceExitsWithOneAndSaysWhatEachSourceLacks(@TempDir Path empty) {
        try (CapturedLog ignored = new CapturedLog()) {
            assertThat(run("run", "--once", "--server", server.baseUri().toString(), "--token", "t",
                    "--sysfs-root", empty.toString())).isEqualTo(1);
        }
        // umad's reason depends on the host (no library, no device); sysfs's on the empty directory.
        assertThat(err.toString()).startsWith("fabricpulse-agent: no usable source on this host: umad: ")
                .endsWith("; sysfs: no InfiniBand devices under " + empty + ": the directory is empty (the RDMA core"
                        + " is loaded but no adapter driver registered a device)\n");
        assertThat(server.drain()).isEmpty();
    }

    @Test
    void namedSysfsWithoutDevicesStillStartsButOnceHasNothingToSend(@TempDir Path empty) {
        try (CapturedLog log = new CapturedLog()) {
            assertThat(run("run", "--once", "--server", server.baseUri().toString(), "--token", "t",
                    "--source", "SYSFS", "--sysfs-root", empty.toString())).isEqualTo(1);
            assertThat(log.linesWith("WARN", "source sysfs has nothing to read yet")).hasSize(1);
        }
        assertThat(err.toString()).contains("nothing delivered: the source read nothing");
    }
}
