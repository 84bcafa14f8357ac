package io.fabricpulse.server.e2e;

import io.fabricpulse.server.notify.WebhookSink;
import io.fabricpulse.server.testing.RealPostgres;
import io.fabricpulse.server.testing.TestBatches;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 8, acceptance 3: two server JVMs (the real jar) share one real PostgreSQL, each with its own
 * data directory and embedded series store, both posting to the same Slack webhook. One agent's
 * batches alternate between them. A symbol-error jump fires exactly one alert, announced once; both
 * replicas list the same alert; an acknowledgement through replica A is seen by B and announced once;
 * the resolution is announced once; both replicas compute the same rates from the alternating
 * batches (ingest resumes each port from the last sample either replica stored); and an order to the agent (issue 22)
 * queued through A is handed out once, by B, to which the agent then pushes.
 *
 * <p>The series store is embedded per replica on purpose: what the replicas must agree on (alerts,
 * notices, rate baselines) lives in PostgreSQL, and that is what this test checks. A shared InfluxDB
 * changes where history is kept, not what the replicas compute.
 */
class TwoReplicaIT {

    @RegisterExtension
    static final RealPostgres POSTGRES = new RealPostgres();

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String TOKEN = "two-replica-it-agent-token";
    private static final Duration START_PATIENCE = Duration.ofMinutes(3);
    /** Longer than any duplicate would take to arrive: a second post comes from the next outbox round (1 s). */
    private static final Duration QUIET = Duration.ofSeconds(4);
    /**
     * Two JVMs start at once on a small CI machine: the quick compiler alone and one GC thread start
     * them in about half the time, and the load here is a batch a second.
     */
    private static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    private static final WebhookSink SLACK = WebhookSink.start();

    @AfterAll
    static void closeSink() {
        SLACK.close();
    }

    @Test
    void twoReplicasAlertOnceAgreeOnStateAndRates(@TempDir Path dir) throws Exception {
        List<String> properties = properties();
        Instant starting = Instant.now();
        try (ServerProcess a = ServerProcess.start(Files.createDirectories(dir.resolve("a")), ServerProcess.freePort(),
                "replica-a.log", JVM_OPTIONS, properties);
             ServerProcess b = ServerProcess.start(Files.createDirectories(dir.resolve("b")), ServerProcess.freePort(),
                     "replica-b.log", JVM_OPTIONS, properties)) {
            // Started together, as a Deployment does: both run the migrations against the fresh database.
            a.awaitReady(START_PATIENCE);
            b.awaitReady(START_PATIENCE);
            System.out.println("two replicas ready after " + Duration.between(starting, Instant.now()).toSeconds() + " s");
            String guid = TestBatches.randomGuid();
            try (AlternatingAgent agent = AlternatingAgent.start(TOKEN, guid, List.of(a, b))) {
                await("rates on both replicas", Duration.ofSeconds(30), a, b,
                        () -> rates(a, guid).has("PortXmitData") && rates(b, guid).has("PortXmitData"));
                assertTrueRate(agent, a, b, guid, "PortXmitData");

                agent.jumpSymbolErrors(5000);
                await("a FIRING message", Duration.ofSeconds(30), a, b, () -> messages("FIRING").size() == 1);
                stayQuiet();
                assertThat(messages("FIRING")).as("FIRING messages").hasSize(1);
                JsonNode onA = onlyAlert(a);
                JsonNode onB = onlyAlert(b);
                assertThat(onB.path("id").asLong()).as("the same alert on both").isEqualTo(onA.path("id").asLong());
                assertThat(onA.path("state").asString()).isEqualTo("FIRING");
                assertThat(onB.path("state").asString()).isEqualTo("FIRING");
                long id = onA.path("id").asLong();

                String bearer = a.createApiToken("ticket-system", "ack");
                a.post("/api/v1/alerts/" + id + "/ack", bearer, "{\"ticket\":\"INC-4711\"}", 200);
                await("B sees the acknowledgement", Duration.ofSeconds(10), a, b,
                        () -> onlyAlert(b).path("state").asString().equals("ACKNOWLEDGED"));
                await("an ACKNOWLEDGED message", Duration.ofSeconds(15), a, b,
                        () -> messages("ACKNOWLEDGED").size() == 1);
                assertThat(messages("ACKNOWLEDGED").getFirst().toString()).contains("INC-4711", "ticket-system");

                // The counter no longer rises: after the burst window and the hysteresis the alert resolves.
                await("a RESOLVED message", Duration.ofSeconds(40), a, b, () -> messages("RESOLVED").size() == 1);
                stayQuiet();
                assertThat(messages("FIRING")).as("FIRING messages").hasSize(1);
                assertThat(messages("ACKNOWLEDGED")).as("ACKNOWLEDGED messages").hasSize(1);
                assertThat(messages("RESOLVED")).as("RESOLVED messages").hasSize(1);
                assertThat(alerts(a)).as("alerts on A").hasSize(1);
                assertThat(alerts(b)).as("alerts on B").hasSize(1);
                assertThat(alerts(a).getFirst().path("state").asString()).isEqualTo("RESOLVED");
                assertThat(alerts(b).getFirst().path("state").asString()).isEqualTo("RESOLVED");
                assertTrueRate(agent, a, b, guid, "PortXmitData");
                assertTrueRate(agent, a, b, guid, "SymbolErrorCounter");

                // Issue 22: an order queued through A reaches the agent once, in an answer of B (the one it talks to).
                agent.pushOnlyTo(b);
                long order = JSON.readTree(a.post("/api/v1/ports/" + guid + "/1/clear", bearer,
                        "{\"reason\":\"reseated after RMA 17\"}", 202)).path("commands").get(0).path("id").asLong();
                await("the order in an answer of B", Duration.ofSeconds(15), a, b, () -> !agent.deliveries(order).isEmpty());
                agent.pushOnlyTo(null);
                stayQuiet();
                assertThat(agent.deliveries(order)).as("answers that carried order " + order).containsExactly(b.baseUrl());
                assertThat(agent.failures()).as("batches the replicas refused").isEmpty();
            } finally {
                System.out.println("replica A warnings:\n" + warnings(a.log()) + "\nreplica B warnings:\n" + warnings(b.log()));
            }
        }
    }

    private static List<String> properties() {
        return List.of("spring.r2dbc.url=" + POSTGRES.database().r2dbcUrl(),
                "spring.r2dbc.username=" + POSTGRES.database().user(),
                "spring.r2dbc.password=" + POSTGRES.database().password(),
                "fabricpulse.ingest.agent-token=" + TOKEN,
                // One source (the command line) for all of webhooks[0]: Spring binds a list from one source only.
                "fabricpulse.notify.webhooks[0].type=slack", "fabricpulse.notify.webhooks[0].name=noc-chat",
                "fabricpulse.notify.webhooks[0].url=" + SLACK.url("/services/T000/B000/ha"),
                "fabricpulse.notify.rate-limit=0s",
                "fabricpulse.notify.allowed-ranges=127.0.0.1/32",
                "fabricpulse.alerts.rules.symbol-error-ber.enabled=false",
                "fabricpulse.alerts.rules.symbol-error-burst.window=10s",
                "fabricpulse.alerts.rules.symbol-error-burst.clear-after=1s",
                "fabricpulse.alerts.reconcile-interval=1s",
                // Ports known to nobody's fabric walk must not raise topology alerts during the test.
                "fabricpulse.topology.missing-after=10m");
    }

    /**
     * Each replica's rate for its newest sample is the true one: the increase since the agent's previous
     * batch, which the other replica took. Any replica working from its own previous batch would be off.
     */
    private static void assertTrueRate(AlternatingAgent agent, ServerProcess a, ServerProcess b, String guid,
                                       String counter) throws Exception {
        for (ServerProcess replica : List.of(a, b)) {
            JsonNode port = port(replica, guid);
            Instant at = Instant.parse(port.path("sampledAt").asString());
            Double truth = agent.trueRate(at, counter);
            assertThat(truth).as("a batch the agent sent at " + at).isNotNull();
            assertThat(port.path("rates").path(counter).asDouble()).as(counter + " rate at " + replica.baseUrl()
                    + " for the batch of " + at).isCloseTo(truth, org.assertj.core.data.Offset.offset(1e-6 * (1 + truth)));
        }
    }

    private static JsonNode rates(ServerProcess server, String guid) throws Exception {
        return port(server, guid).path("rates");
    }

    private static JsonNode port(ServerProcess server, String guid) throws Exception {
        for (JsonNode p : JSON.readTree(server.get("/api/v1/ports"))) {
            if (p.path("nodeGuid").asString().equals(guid) && p.path("portNumber").asInt() == 1) {
                return p;
            }
        }
        return JSON.createObjectNode();
    }

    private static List<JsonNode> alerts(ServerProcess server) throws Exception {
        JsonNode page = JSON.readTree(server.get("/api/v1/alerts?rule=symbol-error-burst"));
        return page.path("items").valueStream().toList();
    }

    private static JsonNode onlyAlert(ServerProcess server) throws Exception {
        List<JsonNode> items = alerts(server);
        assertThat(items).as("symbol-error-burst alerts at " + server.baseUrl()).hasSize(1);
        return items.getFirst();
    }

    /** The Slack messages so far whose text names {@code state}. */
    private static List<JsonNode> messages(String state) {
        return SLACK.accepted().stream().map(WebhookSink.Received::json)
                .filter(json -> json.toString().contains(state)).toList();
    }

    /** Lets time pass in which a duplicate would arrive, checking both replicas stay up meanwhile. */
    private static void stayQuiet() {
        Awaitility.await().pollDelay(QUIET).atMost(QUIET.plusSeconds(1)).until(() -> true);
    }

    private static void await(String what, Duration limit, ServerProcess a, ServerProcess b,
                              java.util.concurrent.Callable<Boolean> condition) {
        try {
            Awaitility.await(what).atMost(limit).pollInterval(Duration.ofMillis(200))
                    .ignoreExceptionsInstanceOf(AssertionError.class).until(condition);
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError(what + ": timed out; Slack got " + SLACK.accepted().stream()
                    .map(r -> r.json().toString()).toList() + "\nreplica A log:\n" + tail(a.log())
                    + "\nreplica B log:\n" + tail(b.log()), e);
        }
    }

    private static String warnings(String log) {
        return String.join("\n", log.lines().filter(line -> line.contains(" WARN ") || line.contains(" ERROR ")).toList());
    }

    private static String tail(String log) {
        List<String> lines = log.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    }
}
