package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.testing.CapturedLog;
import io.fabricpulse.agent.testing.RecordingIngestServer.Request;
import io.fabricpulse.agent.testing.RecordingIngestServer.Response;
import io.fabricpulse.agent.testing.RecordingIngestServer;
import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.NodeReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code loadgen} in-process against a real HTTP server on loopback that counts what arrives. Each run is two
 * seconds of one-second polls: what is asserted is what the server saw against what loadgen printed, never
 * how fast anything was.
 */
class LoadgenCommandTest {

    private static final Pattern PROGRESS = Pattern.compile(
            "\\[ +\\d+ s] \\d+\\.\\d port-samples/s \\| batches ok \\d+ failed \\d+ \\| latency ms p50 (\\d+\\.\\d|-) p99 (\\d+\\.\\d|-)");

    private final RecordingIngestServer server = new RecordingIngestServer();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @AfterEach
    void stop() {
        server.close();
        // what loadgen printed, kept in the test report for when an assertion fails
        System.out.print(out);
    }

    private int loadgen(String server, int agents, String... extra) {
        List<String> args = new ArrayList<>(List.of("loadgen", "--server", server, "--token", "load-token",
                "--ports", "400", "--interval", "1s", "--duration", "2s", "--report-every", "1s",
                "--agents", String.valueOf(agents)));
        args.addAll(List.of(extra));
        try (CapturedLog ignored = new CapturedLog()) {
            return AgentMain.execute(Map.of(), Clock.systemDefaultZone(),
                    new PrintWriter(out, true), new PrintWriter(err, true),
                    args.toArray(String[]::new));
        }
    }

    private List<String> lines() {
        return out.toString().lines().toList();
    }

    private String line(String label) {
        return lines().stream().filter(l -> l.startsWith(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no line '" + label + "' in:\n" + out));
    }

    private static long ports(IngestBatch batch) {
        return batch.nodes().stream().mapToLong(n -> n.ports().size()).sum();
    }

    @Test
    void pushesTheFabricLikeAgentsAndPrintsWhatTheServerTook() {
        assertThat(loadgen(server.baseUri().toString(), 4)).isZero();

        List<Request> requests = server.drain();
        List<IngestBatch> batches = requests.stream().map(Request::batch).toList();
        long samples = batches.stream().mapToLong(LoadgenCommandTest::ports).sum();
        assertThat(lines().subList(0, 3)).containsExactly(
                "loadgen: 400 ports on 125 nodes: a fat tree of 5 spines, 20 leaves, 5 hosts per leaf",
                "loadgen: 4 agents poll every 1s for 2s and push to " + server.baseUri() + "/api/v1/ingest",
                "loadgen: offered 400.0 port-samples/s");
        // the generator warms up on its own before the clock starts: polls and encodes, sends nothing
        assertThat(lines().get(3)).matches("loadgen: warmed up: 60000 port samples polled and encoded in \\d+\\.\\d s, none sent");
        assertThat(lines()).filteredOn(l -> l.startsWith("[")).isNotEmpty().allMatch(l -> PROGRESS.matcher(l).matches());
        assertThat(line("port-samples/s: ")).matches("port-samples/s: \\d+\\.\\d \\(" + samples + " delivered of " + samples
                + " polled; offered 400\\.0\\)");
        assertThat(line("batches ok: ")).isEqualTo("batches ok: " + requests.size() + " (202: " + requests.size() + ")");
        assertThat(line("batches failed: ")).isEqualTo("batches failed: 0");
        assertThat(line("latency ms: ")).matches("latency ms: p50 \\d+\\.\\d p99 \\d+\\.\\d max \\d+\\.\\d \\("
                + requests.size() + " acknowledged pushes\\)");
        assertThat(line("not delivered: ")).isEqualTo("not delivered: 0 batches (0 refused, 0 expired, 0 dropped on a"
                + " full buffer, 0 waiting at the end)");
        assertThat(line("loadgen cpu: ")).matches("loadgen cpu: \\d+\\.\\d s, \\d+\\.\\d% of one core");

        // like real agents: bearer token, gzip JSON, one push in flight each, numbered from the start time
        assertThat(requests).allSatisfy(r -> {
            assertThat(r.header("Authorization")).isEqualTo("Bearer load-token");
            assertThat(r.header("Content-Encoding")).isEqualTo("gzip");
            assertThat(r.path()).isEqualTo("/api/v1/ingest");
        });
        assertThat(server.maxConcurrentRequestsOfOneAgent()).isEqualTo(1);
        Map<String, List<Long>> sequences = new TreeMap<>();
        batches.forEach(b -> sequences.computeIfAbsent(b.agentId(), id -> new ArrayList<>()).add(b.sequence()));
        assertThat(sequences).containsOnlyKeys("loadgen-0001", "loadgen-0002", "loadgen-0003", "loadgen-0004");
        sequences.values().forEach(s -> {
            for (int i = 1; i < s.size(); i++) {
                assertThat(s.get(i)).isEqualTo(s.get(i - 1) + 1);
            }
        });
        // together the agents report every node of the fabric once per poll, each node from one agent
        Map<String, Set<String>> nodesByAgent = new TreeMap<>();
        batches.forEach(b -> nodesByAgent.computeIfAbsent(b.agentId(), id -> new HashSet<>())
                .addAll(b.nodes().stream().map(NodeReport::guid).toList()));
        assertThat(nodesByAgent.values().stream().mapToInt(Set::size).sum()).isEqualTo(125);
        assertThat(nodesByAgent.values().stream().flatMap(Set::stream).distinct().count()).isEqualTo(125);
    }

    @Test
    void theSteadyStateAfterAWarmUpIsSummedUpApart() {
        assertThat(loadgen(server.baseUri().toString(), 4, "--steady-after", "1s")).isZero();

        assertThat(line("latency ms after the first 1s: ")).matches("latency ms after the first 1s: p50 \\d+\\.\\d p99"
                + " \\d+\\.\\d max \\d+\\.\\d \\(\\d+ acknowledged pushes\\)");
        long all = Long.parseLong(line("latency ms: ").replaceAll(".*\\((\\d+) acknowledged pushes\\)", "$1"));
        long steady = Long.parseLong(line("latency ms after").replaceAll(".*\\((\\d+) acknowledged pushes\\)", "$1"));
        assertThat(steady).as("the pushes of the second second, not of the first").isPositive().isLessThan(all);
    }

    @Test
    void overloadAnswersAreCountedByStatusAndTheBatchesStillArrive() {
        server.thenAnswer(new Response(503, Map.of("Retry-After", "0"), "busy"), Response.problem(429, "slow down"));
        // one agent: both answers go to it, and the drain after the two seconds gives its retries time
        assertThat(loadgen(server.baseUri().toString(), 1)).isZero();

        List<Request> requests = server.drain();
        long accepted = requests.stream().filter(Request::accepted).count();
        assertThat(line("batches ok: ")).isEqualTo("batches ok: " + accepted + " (202: " + accepted + ")");
        assertThat(line("batches failed: ")).isEqualTo("batches failed: 2 (429: 1, 503: 1)");
        assertThat(requests).extracting(Request::status).startsWith(503, 429).endsWith(202);
        assertThat(line("not delivered: ")).startsWith("not delivered: 0 batches");
    }

    @Test
    void aServerThatIsNotThereFailsTheRunAndSaysSo() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        assertThat(loadgen("http://127.0.0.1:" + closedPort, 1, "--drain", "0s")).isEqualTo(1);
        assertThat(line("port-samples/s: ")).matches("port-samples/s: 0\\.0 \\(0 delivered of [1-9]\\d* polled; offered 400\\.0\\)");
        assertThat(line("batches ok: ")).isEqualTo("batches ok: 0");
        Matcher failed = Pattern.compile("batches failed: (\\d+) \\(no answer: (\\d+)\\)").matcher(line("batches failed: "));
        assertThat(failed.matches()).isTrue();
        assertThat(failed.group(1)).isEqualTo(failed.group(2)).isNotEqualTo("0");
        assertThat(line("latency ms: ")).isEqualTo("latency ms: none (no acknowledged push)");
        assertThat(line("not delivered: ")).matches("not delivered: [1-9]\\d* batches \\(0 refused, 0 expired, 0 dropped"
                + " on a full buffer, [1-9]\\d* waiting at the end\\)");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "--ports 400 --duration 1m                              | Missing required option: '--server=URL'",
            "--server http://x --ports 400                          | Missing required option: '--duration=DURATION'",
            "--server http://x --duration 1m                        | Missing required option: '--ports=N'",
            "--server http://x --ports 3 --duration 1m              | option '--ports': 3 is outside 4 to 2000000",
            "--server http://x --ports 2000001 --duration 1m        | option '--ports': 2000001 is outside 4 to 2000000",
            "--server http://x --ports many --duration 1m           | option '--ports': 'many' is not an int",
            "--server http://x --ports 400 --duration 1m --agents 0 | option '--agents': 0 is outside 1 to 125 (the fabric has 125 nodes)",
            "--server http://x --ports 400 --duration 1m --agents 126 | option '--agents': 126 is outside 1 to 125",
            "--server http://x --ports 4000000 --duration 1m        | is outside 4 to 2000000",
            "--server http://x --ports 400000 --duration 1m --agents 2001 | option '--agents': 2001 is outside 1 to 2000",
            "--server http://x --ports 400 --duration 5s --interval 10s | option '--duration': 5000 ms is outside 10000 to 86400000 ms",
            "--server http://x --ports 400 --duration 25h           | option '--duration': 90000000 ms is outside",
            "--server http://x --ports 400 --duration 1m --interval 500ms | option '--interval': 500 ms is outside 1000 to 3600000 ms",
            "--server http://x --ports 400 --duration 1m --report-every 0s | option '--report-every': 0 ms is outside",
            "--server http://x --ports 400 --duration 1m --drain 2m | option '--drain': 120000 ms is outside 0 to 60000 ms",
            "--server http://x --ports 400 --duration 1m --steady-after 1m | option '--steady-after': 60000 ms is outside 0 to 59999 ms",
            "--server ftp://x --ports 400 --duration 1m             | is not an http:// or https:// URL",
            "--server http://x --ports 400 --duration forever       | is not a duration; write a number and a unit",
            "--server http://x --ports 400 --duration 1m --agent 3  | Possible solutions: --agents",
    })
    void wrongCommandLinesExitWithTwoAndSayWhy(String line, String message) {
        List<String> args = new ArrayList<>(List.of("loadgen", "--token", "t"));
        args.addAll(List.of(line.split(" ")));
        int exit = AgentMain.execute(Map.of(), Clock.systemDefaultZone(),
                new PrintWriter(out, true), new PrintWriter(err, true),
                args.toArray(String[]::new));
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains(message).contains("Try 'fabricpulse-agent loadgen --help'");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void withoutATokenNothingIsSent() {
        int exit = AgentMain.execute(Map.of(), Clock.systemDefaultZone(),
                new PrintWriter(out, true), new PrintWriter(err, true),
                "loadgen", "--server", server.baseUri().toString(), "--ports", "400", "--duration", "2s");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("Missing the agent token: give --token TOKEN or set FABRICPULSE_AGENT_TOKEN");
        assertThat(server.drain()).isEmpty();
    }

    @Test
    void helpListsTheOptionsAndTheMainHelpTheCommand() {
        try (CapturedLog log = new CapturedLog()) {
            assertThat(AgentMain.execute(Map.of(), Clock.systemDefaultZone(),
                    new PrintWriter(out, true), new PrintWriter(err, true), "loadgen",
                    "--help")).isZero();
            assertThat(log.lines()).as("picocli has nothing to complain about").isEmpty();
        }
        assertThat(out.toString()).contains("--server=URL", "--token=TOKEN", "--ports=N", "--interval=DURATION",
                "--duration=DURATION", "--drain=DURATION", "--agents=A", "--report-every=DURATION", "p50, p99",
                "within 0.25%;");
        out.getBuffer().setLength(0);
        AgentMain.execute(Map.of(), Clock.systemDefaultZone(),
                new PrintWriter(out, true), new PrintWriter(err, true), "--help");
        assertThat(out.toString()).contains("  loadgen ");
    }
}
