package io.fabricpulse.server.e2e;

import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.server.notify.WebhookSink;
import io.fabricpulse.server.testing.ServerTest;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Issue 19's latency line in one command: the server as {@code scripts/server.sh} starts it, loadgen pushing
 * {@code bench.ports} ports (50,000) polled every second, and meanwhile a real agent polling ibsim every second; a
 * host port's SymbolErrorCounter jumps in ibsim, and the Slack message at a real webhook sink is timed, trial after
 * trial. Prints loadgen's summary (delivered rate, ack p50/p99 over the whole run and over the trials' time, after the
 * warm-up) and the counter-to-chat p50/p95. Not a test: the name keeps it out of normal runs and it asserts nothing
 * about time. Run with
 * {@code ./mvnw -B -q -pl backend -am verify -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false
 * -Dfailsafe.failIfNoSpecifiedTests=false -Dit.test=AlertUnderLoadBench} ({@code -Dbench.ports}, {@code -Dbench.trials}).
 */
@Tag("bench")
class AlertUnderLoadBench {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String HOST = "node-2";
    private static final int PORTS = Integer.getInteger("bench.ports", 50_000);
    private static final int TRIALS = Integer.getInteger("bench.trials", 12);
    /** Load before the first trial: the server's JIT and the loadgen fabric's first sight. */
    private static final Duration WARM_UP = Duration.ofSeconds(Long.getLong("bench.warmup.seconds", 40));

    @Test
    void counterToChatWhileLoaded(@TempDir Path dir) throws Exception {
        Path topology = dir.resolve("four-hca.net");
        try (InputStream in = getClass().getResourceAsStream("/topologies/four-hca.net")) {
            Files.copy(in, topology);
        }
        int port = ServerProcess.freePort();
        try (WebhookSink slack = WebhookSink.start();
             ServerProcess server = ServerProcess.launched(dir.resolve("data"), port, "server.log", List.of(
                     "fabricpulse.ingest.agent-token=" + ServerTest.AGENT_TOKEN,
                     "fabricpulse.notify.rate-limit=0s",
                     "fabricpulse.notify.allowed-ranges=127.0.0.1/32",
                     "fabricpulse.notify.webhooks[0].type=slack",
                     "fabricpulse.notify.webhooks[0].name=noc-chat",
                     "fabricpulse.notify.webhooks[0].url=" + slack.url("/services/T000/B000/x"),
                     "fabricpulse.alerts.rules.symbol-error-ber.enabled=false",
                     "fabricpulse.alerts.rules.symbol-error-burst.window=3s",
                     "fabricpulse.alerts.rules.symbol-error-burst.clear-after=1s",
                     // One port fires and resolves again and again: not a flapping cable.
                     "fabricpulse.alerts.max-flaps=1000"));
             IbsimFabric fabric = IbsimFabric.start(topology, "node-1")) {
            server.awaitReady(Duration.ofSeconds(120));
            String base = "http://127.0.0.1:" + port;
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Path agentLog = dir.resolve("agent.log");
            Process agent = fabric.client(HOST, List.of(java, "-jar", AgentProcess.JAR.toAbsolutePath().toString(), "run",
                    "--server", base, "--token", ServerTest.AGENT_TOKEN, "--interval", "1s", "--agent-id", HOST,
                    "--no-spool"), agentLog);
            // The host port sampled twice before the load: the jump is then a rate, and the port list is still short.
            await(slack, agentLog, Duration.ofSeconds(120), () -> sampledTwice(server) ? true : null);
            Path loadLog = dir.resolve("loadgen.log");
            Duration loadFor = WARM_UP.plus(Duration.ofSeconds(12L * TRIALS));
            Process load = new ProcessBuilder(java, "-jar", AgentProcess.JAR.toAbsolutePath().toString(), "loadgen",
                    "--server", base, "--token", ServerTest.AGENT_TOKEN, "--ports", Integer.toString(PORTS),
                    "--interval", "1s", "--duration", loadFor.toSeconds() + "s", "--agents", "100",
                    "--report-every", "30s", "--steady-after", WARM_UP.toSeconds() + "s").redirectErrorStream(true).redirectOutput(loadLog.toFile()).start();
            try {
                Thread.sleep(WARM_UP.toMillis());
                List<Long> latencies = new ArrayList<>();
                for (int trial = 1; trial <= TRIALS; trial++) {
                    int skip = slack.accepted().size();
                    Instant start = Instant.now();
                    fabric.console("PerformanceSet \"" + HOST + "\"[1] PortCounters.SymbolErrorCounter=" + (trial * 1000));
                    await(slack, agentLog, Duration.ofSeconds(60), () -> slack.acceptedAfter(skip, "FIRING", "symbol-error-burst"));
                    latencies.add(Duration.between(start, Instant.now()).toMillis());
                    await(slack, agentLog, Duration.ofSeconds(60), () -> slack.acceptedAfter(skip, "RESOLVED", "symbol-error-burst"));
                }
                load.waitFor(loadFor.toSeconds() + 180, TimeUnit.SECONDS);
                List<Long> sorted = latencies.stream().sorted().toList();
                System.out.printf("alert-under-load: %d ports at 1 s from loadgen (100 agents), its summary:%n%s%n", PORTS,
                        summary(loadLog));
                System.out.printf("alert-under-load: counter jump in ibsim to the Slack message over %d trials: p50 %d ms,"
                                + " p95 %d ms, max %d ms (all: %s)%n", sorted.size(), sorted.get((sorted.size() - 1) / 2),
                        sorted.get((int) Math.ceil(sorted.size() * 0.95) - 1), sorted.getLast(), latencies);
            } finally {
                agent.destroy();
                load.destroy();
            }
        }
    }

    private static boolean sampledTwice(ServerProcess server) throws IOException, InterruptedException {
        for (JsonNode p : JSON.readTree(server.get("/api/v1/ports"))) {
            if (p.path("nodeName").asString().equals(HOST) && p.path("portNumber").asInt() == 1
                    && p.path("rates").has("SymbolErrorCounter")) {
                return true;
            }
        }
        return false;
    }

    /** Loadgen's closing lines: delivered rate, outcomes, ack latency. */
    private static String summary(Path loadLog) throws IOException {
        List<String> lines = Files.readAllLines(loadLog);
        return String.join("\n", lines.stream().filter(line -> line.startsWith("port-samples/s")
                || line.startsWith("batches") || line.startsWith("latency") || line.startsWith("not delivered")).toList());
    }

    private static <T> T await(WebhookSink slack, Path log, Duration limit, Callable<T> what) throws IOException {
        try {
            return Awaitility.await().atMost(limit).pollInterval(Duration.ofMillis(50)).until(what, v -> v != null);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("timed out; Slack got " + slack.accepted().size() + " messages; agent log:\n"
                    + Files.readString(log), e);
        }
    }
}
