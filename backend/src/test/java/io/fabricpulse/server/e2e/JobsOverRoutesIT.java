package io.fabricpulse.server.e2e;

import com.microsoft.playwright.Page;
import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.server.notify.WebhookSink;
import io.fabricpulse.server.security.Role;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.testing.SlurmCluster;
import io.fabricpulse.server.web.BrowserPage;
import io.fabricpulse.server.web.ChromiumBrowser;
import io.fabricpulse.server.web.SignedInClient;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 24, acceptances 2 and 3, on real parts only: a Slurm cluster of two nodes (n1, n2: slurmctld and two
 * slurmd on loopback) runs a job with a name full of markup on both; the fabric is ibsim's ring of four
 * switches (n1 and n2 hang off neighbouring switches), read by a real discover-role agent, forwarding tables
 * included. The server polls squeue. Raising the SymbolErrorCounter of the switch port the job's route n1 → n2
 * leaves by fires an alert whose REST view and Slack message name the job (routed over the link), and the job's
 * page lists the alert. After the job is cancelled, {@code GET /api/v1/jobs?node=…&from=…&to=…} and
 * {@code ?link=…} still answer it from the history. The job, alert and port pages are looked at in Chromium.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "fabricpulse.ingest.agent-token=" + ServerTest.AGENT_TOKEN,
        "spring.r2dbc.url=r2dbc:h2:mem:///jobs-over-routes?options=DB_CLOSE_DELAY=-1",
        "fabricpulse.security.admin-password=" + IbtracertParity.ADMIN_PASSWORD_HASH,
        "fabricpulse.notify.rate-limit=0s",
        "fabricpulse.notify.allowed-ranges=127.0.0.1/32",
        "fabricpulse.alerts.rules.symbol-error-ber.enabled=false",
        "fabricpulse.alerts.rules.symbol-error-burst.window=3s",
        "fabricpulse.jobs.source=slurm",
        "fabricpulse.jobs.interval=1s"})
@AutoConfigureWebTestClient(timeout = "30s")
class JobsOverRoutesIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final WebhookSink SLACK = WebhookSink.start();
    private static final String JOB_NAME = "<b>cfd</b> & \"run\"";
    private static SlurmCluster slurm;

    @BeforeAll
    static void startSlurm() {
        slurm = SlurmCluster.start(List.of("n1", "n2"));
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("fabricpulse.notify.webhooks[0].type", () -> "slack");
        registry.add("fabricpulse.notify.webhooks[0].name", () -> "noc-chat");
        registry.add("fabricpulse.notify.webhooks[0].url", () -> SLACK.url("/services/T000/B000/x").toString());
        registry.add("fabricpulse.jobs.slurm.environment[SLURM_CONF]", () -> slurm.conf().toString());
    }

    @AfterAll
    static void stop() {
        SLACK.close();
        if (slurm != null) {
            slurm.close();
        }
    }

    @LocalServerPort
    int port;
    @Autowired
    WebTestClient web;
    @Autowired
    ApplicationContext context;

    @Test
    void anAlertOnALinkTheJobsRouteCrossesNamesTheJobAndTheHistoryAnswersAfterItEnded(@TempDir Path dir)
            throws Exception {
        Path topology = dir.resolve("ring-of-four.net");
        try (InputStream in = getClass().getResourceAsStream("/topologies/ring-of-four.net")) {
            Files.copy(in, topology);
        }
        try (IbsimFabric fabric = IbsimFabric.start(topology, "n3")) {
            Path log = dir.resolve("agent.log");
            Process agent = fabric.client("n3", List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                    AgentProcess.JAR.toAbsolutePath().toString(), "run", "--server", "http://127.0.0.1:" + port,
                    "--token", ServerTest.AGENT_TOKEN, "--interval", "1s", "--agent-id", "discoverer", "--no-spool",
                    "--role", "discover", "--discover-interval", "30s", "--tables-interval", "60s"), log);
            try {
                Instant submitted = Instant.now();
                String job = slurm.sbatch("-N2", "-J", JOB_NAME, "--wrap", "sleep 600");
                await(log, "the job running on n1 and n2", () -> {
                    JsonNode listed = get("/api/v1/jobs?node=n2").path("jobs");
                    return listed.size() == 1 && listed.get(0).path("job").path("id").asString().equals(job)
                            && listed.get(0).path("job").path("running").asBoolean();
                });

                // The switch port the route n1 -> n2 leaves sw-1 by, from the tables the agent read.
                await(log, "routes from all four tables", () ->
                        get("/api/v1/routes").path("summary").path("switchTables").asInt() == 4);
                int n1 = lid("n1");
                int n2 = lid("n2");
                JsonNode route = get("/api/v1/routes/" + n1 + "/" + n2).path("route");
                JsonNode hops = route.path("hops");
                assertThat(hops).hasSize(3);  // n1 -> sw-1, sw-1 -> sw-2, sw-2 -> n2
                String swGuid = hops.get(0).path("to").path("nodeGuid").asString();
                int outPort = hops.get(1).path("outPort").asInt();
                await(log, "two samples of sw-1[" + outPort + "]", () -> hasRate(swGuid, outPort));
                // The scheduler's nodes found among the fabric's CAs (the index of CAs by host is re-read every 10 s).
                await(log, "n1 and n2 matched to their CAs", () -> {
                    JsonNode nodes = get("/api/v1/jobs/" + job).path("job").path("nodes");
                    return nodes.size() == 2 && nodes.get(0).path("fabricNodes").size() == 1
                            && nodes.get(1).path("fabricNodes").size() == 1;
                });

                int before = SLACK.accepted().size();
                fabric.console("PerformanceSet \"sw-1\"[" + outPort + "] PortCounters.SymbolErrorCounter=5000");
                JsonNode fired = await(log, "a Slack message naming the job",
                        () -> message(before, "FIRING", "symbol-error-burst", "Jobs affected"));
                String jobs = null;
                for (JsonNode field : fired.path("attachments").get(0).path("fields")) {
                    if (field.path("title").asString().equals("Jobs affected")) {
                        jobs = field.path("value").asString();
                    }
                }
                // The user's markup escaped as Slack wants it; n1 -> n2 crosses the cable, n2 -> n1 may too.
                assertThat(jobs).matches(job + " \"&lt;b&gt;cfd&lt;/b&gt; &amp; \"run\"\" \\(root\\), [12] node pairs over the link");

                JsonNode alerts = get("/api/v1/alerts?rule=symbol-error-burst&state=firing").path("items");
                assertThat(alerts).hasSize(1);
                long alertId = alerts.get(0).path("id").asLong();
                JsonNode impact = get("/api/v1/alerts/" + alertId).path("impact");
                List<String> named = new ArrayList<>();
                impact.path("jobs").forEach(j -> named.add(j.path("id").asString() + " " + j.path("why").asString()
                        + " " + j.path("name").asString()));
                assertThat(named).containsExactly(job + " ROUTE " + JOB_NAME);
                assertThat(impact.path("routes").path("fromFirstEnd").asInt() + impact.path("routes").path("toFirstEnd").asInt())
                        .as("host pairs over the cable").isPositive();

                String page = SignedInClient.as(context, Role.ADMIN).get().uri("/jobs/" + job).exchange()
                        .expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody();
                assertThat(page).contains("data-alert-id=\"" + alertId + "\"")
                        .contains("&lt;b&gt;cfd&lt;/b&gt;").doesNotContain("<b>cfd</b>");

                lookInChromium(job, alertId, swGuid, outPort);

                // Acceptance 3: once the job has ended, the history still says it ran there.
                slurm.scancel(job);
                await(log, "the job ended in the history", () -> !get("/api/v1/jobs/" + job).path("job")
                        .path("running").asBoolean(true));
                String window = "&from=" + submitted.minusSeconds(60) + "&to=" + Instant.now();
                JsonNode byNode = get("/api/v1/jobs?node=n1" + window).path("jobs");
                assertThat(byNode).hasSize(1);
                assertThat(byNode.get(0).path("job").path("id").asString()).isEqualTo(job);
                assertThat(byNode.get(0).path("job").path("endedAt").isNull()).isFalse();
                JsonNode byLink = get("/api/v1/jobs?link=" + swGuid + "/" + outPort + window).path("jobs");
                assertThat(byLink).hasSize(1);
                assertThat(byLink.get(0).path("why").asString()).isEqualTo("ROUTE");
                JsonNode before1 = get("/api/v1/jobs?node=n1&from=" + submitted.minusSeconds(7200) + "&to="
                        + submitted.minusSeconds(3600)).path("jobs");
                assertThat(before1).as("an hour before the job").isEmpty();

                // Bad questions: precise 4xx, and the job is still there afterwards.
                WebTestClient signedIn = SignedInClient.as(context, Role.ADMIN);
                signedIn.get().uri("/jobs/<script>").exchange().expectStatus().isBadRequest();
                signedIn.get().uri("/jobs/999999").exchange().expectStatus().isNotFound();
                web.get().uri("/api/v1/jobs?node=n1&from=yesterday").headers(h -> h.setBasicAuth(ServerTest.ADMIN,
                        ServerTest.ADMIN_PASSWORD)).exchange().expectStatus().isBadRequest()
                        .expectBody().jsonPath("$.detail").value(d -> assertThat(d.toString()).contains("from"));
                web.get().uri("/api/v1/jobs?node=n1&link=" + swGuid + "/" + outPort).headers(h -> h.setBasicAuth(
                        ServerTest.ADMIN, ServerTest.ADMIN_PASSWORD)).exchange().expectStatus().isBadRequest();
                assertThat(get("/api/v1/jobs/" + job).path("job").path("id").asString()).isEqualTo(job);
            } finally {
                agent.destroy();
            }
        }
    }

    /**
     * The three pages in a real browser, with their scripts: the job page (its alert, its name as text, the
     * charts drawn from the rates), the alert page's "who is hurt", and the port page's routes and jobs over the
     * cable; each at desk size and in wall mode (key w), screenshots under target/screenshots.
     */
    private void lookInChromium(String job, long alertId, String swGuid, int outPort) {
        try (ChromiumBrowser chromium = ChromiumBrowser.launch();
             BrowserPage tab = chromium.open("http://127.0.0.1:" + port, Map.of("Authorization", "Basic "
                     + Base64.getEncoder().encodeToString((ServerTest.ADMIN + ":" + ServerTest.ADMIN_PASSWORD)
                     .getBytes(StandardCharsets.UTF_8))))) {
            Page page = tab.goUntil("/jobs/" + job, "tr[data-alert-id='" + alertId + "']");
            assertThat(page.locator("[data-job-name]").textContent()).isEqualTo(JOB_NAME);
            assertThat(page.locator("table.job-nodes tr[data-matched=true]").count()).isEqualTo(2);
            assertThat(page.locator("table.job-links tr[data-link='" + swGuid + "/" + outPort + "']").count())
                    .as("the cable the alert is on, among those its routes cross").isEqualTo(1);
            // n1 and n2 have no agent: their cables as the switch ports they end in (sw-1[1], sw-2[1]), charted
            assertThat(page.locator("table.job-ports tr[data-port]").count()).isEqualTo(2);
            tab.pollUntil("() => [...document.querySelectorAll('[data-job-chart]')].every(c => c.dataset.points)",
                    null, 30_000, 250);
            desk(tab, "ui-job");

            page = tab.goUntil("/alerts/" + alertId, "section[data-impact] tr[data-job-id='" + job + "']");
            assertThat(page.locator("section[data-impact] [data-impact-pairs]").textContent()).contains("host pairs routed");
            desk(tab, "ui-alert-impact");

            page = tab.goUntil("/nodes/" + swGuid + "/ports/" + outPort, "table[data-jobs-table] tr[data-job-id='" + job + "']");
            assertThat(page.locator("table[data-jobs-table] tr[data-job-id='" + job + "']").getAttribute("data-why"))
                    .isEqualTo("ROUTE");
            assertThat(Integer.parseInt(page.locator("[data-route-pairs]").getAttribute("data-out"))).isPositive();
            desk(tab, "ui-port-link-jobs");
        }
    }

    /** A screenshot as the page is, then one in wall mode (and back, wall mode is remembered). */
    private static void desk(BrowserPage tab, String name) {
        tab.screenshot(name + "-desk");
        tab.page().keyboard().press("w");
        assertThat(tab.page().locator("html").getAttribute("data-wall")).isEqualTo("on");
        tab.screenshot(name + "-wall");
        tab.page().keyboard().press("w");
    }

    private int lid(String host) {
        Integer lid = IbtracertParity.caLids(get("/api/v1/topology")).get(host + "[1]");
        assertThat(lid).as("LID of %s[1]", host).isNotNull();
        return lid;
    }

    private boolean hasRate(String guid, int portNumber) {
        for (JsonNode p : get("/api/v1/ports?nodeGuid=" + guid)) {
            if (p.path("portNumber").asInt() == portNumber) {
                return p.path("rates").has("SymbolErrorCounter");
            }
        }
        return false;
    }

    private JsonNode get(String uri) {
        return JSON.readTree(web.get().uri(uri).headers(h -> h.setBasicAuth(ServerTest.ADMIN, ServerTest.ADMIN_PASSWORD))
                .exchange().expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody());
    }

    /** The first Slack message after {@code skip} whose text has every one of {@code words}; null while none. */
    private static JsonNode message(int skip, String... words) {
        List<WebhookSink.Received> accepted = SLACK.accepted();
        for (WebhookSink.Received received : accepted.subList(Math.min(skip, accepted.size()), accepted.size())) {
            String all = received.json().toString();
            if (List.of(words).stream().allMatch(all::contains)) {
                return received.json();
            }
        }
        return null;
    }

    private <T> T await(Path log, String what, Callable<T> condition) throws IOException {
        try {
            return Awaitility.await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(250))
                    .ignoreExceptions().until(condition, v -> v != null && !Boolean.FALSE.equals(v));
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("never saw " + what + "; Slack got " + SLACK.accepted().stream()
                    .map(r -> r.json().toString()).toList() + "\nagent log:\n" + Files.readString(log), e);
        }
    }
}
