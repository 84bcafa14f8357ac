package io.fabricpulse.server.e2e;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.WaitForSelectorState;
import io.fabricpulse.agent.testing.IbsimFabric;
import io.fabricpulse.server.testing.ServerTest;
import io.fabricpulse.server.web.BrowserPage;
import io.fabricpulse.server.web.ChromiumBrowser;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
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
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 22, acceptance 2: an admin disables a switch port and enables it again on its port page in real Chromium;
 * a discover-role agent (the agent jar, --allow-port-control) sends the PortInfo Sets; smpquery, the oracle, shows
 * the port Disabled, then not; the alert list shows the port as disabled on purpose, not as a fault; the audit log
 * has the rows. Through the API: the agent refuses its own uplink, the server refuses the master SM's cable, and an
 * operator may not change a port's state at all.
 *
 * <p>ibsim has no link training: after an enable (PhysPortState Polling) its port stays Polling for ever, where a
 * real port trains to LinkUp. The test plays the hardware's part with the simulator's console (Unlink, ReLink) and
 * checks that the running opensm brings the link back to Active.
 */
@Tag("browser")
class PortStateBrowserIT extends ServerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern PHYS = Pattern.compile("PhysLinkState:\\.*(\\w+)");
    private static final Pattern STATE = Pattern.compile("(?m)^LinkState:\\.*(\\w+)");
    private static final String REASON = "host node-4 flaps, RMA ticket 815";

    @LocalServerPort
    int port;

    @Test
    void anAdminDisablesAndEnablesASwitchPortInTheBrowserThroughADiscoverAgent(@TempDir Path dir) throws Exception {
        Path topology = dir.resolve("four-hca.net");
        try (InputStream in = getClass().getResourceAsStream("/topologies/four-hca.net")) {
            Files.copy(in, topology);
        }
        try (IbsimFabric fabric = IbsimFabric.start(topology, "node-1");
             ChromiumBrowser chromium = ChromiumBrowser.launch()) {
            fabric.startSubnetManager("node-1");
            Instant started = Instant.now();
            // node-2's host has one agent id on this shared server (its HCA belongs to the first id that reported it).
            Process agent = fabric.client("node-2", List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                    AgentProcess.JAR.toAbsolutePath().toString(), "run", "--server", "http://127.0.0.1:" + port,
                    "--token", AGENT_TOKEN, "--interval", "1s", "--agent-id", "node-2", "--no-spool",
                    "--role", "discover", "--discover-interval", "2s", "--tables-interval", "0s",
                    "--allow-port-control"), dir.resolve("agent.log"));
            try {
                JsonNode hostSide = await(dir, () -> portOf("leaf-b", 2, started));
                await(dir, () -> portOf("leaf-b", 1, started));
                JsonNode smCable = await(dir, () -> portOf("leaf-a", 1, started));
                String leafB = hostSide.path("nodeGuid").asString();
                int lid = hostSide.path("lid").asInt();
                assertThat(smpquery(fabric, lid, 2, PHYS)).isEqualTo("LinkUp");

                // An operator may clear counters but not change a port's state.
                post(OPERATOR, OPERATOR_PASSWORD, leafB, 2, Map.of("action", "disable", "reason", REASON))
                        .expectStatus().isForbidden();
                // The master SM's cable: refused by the server. First wait, harmlessly, until the server knows the master
                // and the discover agent reaches leaf-a (a counter clear this agent refuses by policy is accepted then);
                // a disable is asked for once only, never in a loop.
                String leafA = smCable.path("nodeGuid").asString();
                await(dir, () -> masterKnown() ? Boolean.TRUE : null);
                await(dir, () -> clearProbe(leafA) == HttpStatus.ACCEPTED.value() ? Boolean.TRUE : null);
                String smRefusal = post(ADMIN, ADMIN_PASSWORD, leafA, 1, Map.of("action", "disable", "reason", REASON))
                        .expectStatus().isEqualTo(HttpStatus.CONFLICT).expectBody(String.class).returnResult()
                        .getResponseBody();
                assertThat(smRefusal).contains("is across the cable of the master subnet manager");
                assertThat(smpquery(fabric, smCable.path("lid").asInt(), 1, PHYS)).isEqualTo("LinkUp");
                // The agent's own uplink: the server hands it out, the agent refuses it.
                JsonNode own = JSON.readTree(post(ADMIN, ADMIN_PASSWORD, leafB, 1,
                        Map.of("action", "disable", "reason", REASON)).expectStatus().isAccepted()
                        .expectBody(String.class).returnResult().getResponseBody());
                JsonNode refused = awaitFinal(dir, leafB, 1, own.path("commands").get(0).path("id").asLong());
                assertThat(refused.path("state").asString()).isEqualTo("failed");
                assertThat(refused.path("answer").asString()).contains("how this agent reaches the fabric");
                // leaf-b's LID (a switch answers at its port 0's; the own-cable report of port 1 carries none)
                assertThat(smpquery(fabric, lid, 1, PHYS)).isEqualTo("LinkUp");

                try (BrowserPage tab = chromium.open("http://127.0.0.1:" + port, Map.of("Authorization", basic()))) {
                    Page page = tab.go("/nodes/" + leafB + "/ports/2");
                    // The page reloads once the agent answered: wait for that new document (it lacks the mark),
                    // since the live page may show the fact earlier, while the order is still out, and a screenshot
                    // taken across the reload never ends.
                    page.evaluate("() => { window.beforeTheOrder = true; }");
                    confirm(page, "disable", "node-4");
                    page.waitForFunction("() => window.beforeTheOrder === undefined",
                            null, new Page.WaitForFunctionOptions().setTimeout(90_000));
                    Locator onPurpose = page.locator("[data-fact=disabled-on-purpose]");
                    onPurpose.waitFor(visible());
                    assertThat(onPurpose.textContent()).contains("disabled by " + ADMIN).contains(REASON);
                    tab.screenshot("ui-port-disabled");

                    // The oracle: the switch port is Disabled.
                    assertThat(smpquery(fabric, lid, 2, PHYS)).isEqualTo("Disabled");

                    // The alert list: the port is down on purpose, and no port-not-active alert is open for it.
                    page = tab.go("/alerts");
                    Locator listed = page.locator("[data-disabled-port][data-port='leaf-b[2]']");
                    assertThat(listed.textContent()).contains("disabled by " + ADMIN).contains(REASON);
                    tab.screenshot("ui-alerts-disabled-on-purpose");
                    assertThat(openAlerts(leafB, 2)).isEmpty();

                    Page portPage = tab.go("/nodes/" + leafB + "/ports/2");
                    confirm(portPage, "enable", "node-4");
                    portPage.waitForCondition(() -> portPage.locator("[data-fact=disabled-on-purpose]").count() == 0,
                            new Page.WaitForConditionOptions().setTimeout(60_000));
                    tab.screenshot("ui-port-enabled");
                }
                // ibsim: enabled means Polling (no training); a real port trains to LinkUp here.
                assertThat(smpquery(fabric, lid, 2, PHYS)).isEqualTo("Polling");
                // The hardware's part: the link trains again; the running opensm brings it to Active.
                fabric.console("Unlink \"leaf-b\"[2]");
                fabric.console("ReLink \"leaf-b\"[2]");
                await(dir, () -> "LinkUp".equals(smpquery(fabric, lid, 2, PHYS))
                        && "Active".equals(smpquery(fabric, lid, 2, STATE)) ? Boolean.TRUE : null);

                String audit = read("/api/v1/audit?limit=200").expectStatus().isOk().expectBody(String.class)
                        .returnResult().getResponseBody();
                assertThat(audit).contains("\"port.port-disable\"", "\"port.port-disable.done\"",
                        "\"port.port-enable.done\"", "\"port.port-disable.failed\"", REASON);
            } finally {
                agent.destroy();
            }
        }
    }

    /** Opens the action's dialog, checks it names the far end, gives the reason and confirms. */
    private static void confirm(Page page, String action, String farEnd) {
        page.locator("[data-port-action=" + action + "]").click();
        Locator dialog = page.locator("dialog[data-port-confirm]");
        dialog.waitFor(visible());
        assertThat(dialog.locator("[data-confirm-text]").textContent()).contains(farEnd);
        dialog.locator("input[name=reason]").fill(REASON);
        dialog.locator("[data-confirm-button]").click();
    }

    /** Asks for a counter clear of leaf-a's port 1, which this agent refuses by policy: 202 once it reaches leaf-a. */
    private int clearProbe(String leafA) {
        String csrf = UUID.randomUUID().toString();
        return web.post().uri("/api/v1/ports/{g}/1/clear", leafA)
                .headers(h -> h.setBasicAuth(ADMIN, ADMIN_PASSWORD))
                .header("Cookie", "XSRF-TOKEN=" + csrf).header("X-XSRF-TOKEN", csrf)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("reason", "does the agent reach leaf-a?"))
                .exchange().returnResult(String.class).getStatus().value();
    }

    private boolean masterKnown() {
        String managers = read("/api/v1/subnet-managers").expectStatus().isOk().expectBody(String.class)
                .returnResult().getResponseBody();
        return managers.contains("MASTER");
    }

    private List<JsonNode> openAlerts(String guid, int portNumber) {
        JsonNode alerts = JSON.readTree(read("/api/v1/alerts?state=open&rule=port-not-active&node=" + guid)
                .expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody());
        return alerts.path("items").valueStream()
                .filter(a -> a.toString().contains(guid + "[" + portNumber + "]")
                        || a.toString().contains("\"port\":" + portNumber))
                .toList();
    }

    private WebTestClient.ResponseSpec post(String user, String password, String guid, int portNumber,
                                            Map<String, Object> body) {
        String csrf = UUID.randomUUID().toString();
        return web.post().uri("/api/v1/ports/{g}/{p}/state", guid, portNumber)
                .headers(h -> h.setBasicAuth(user, password))
                .header("Cookie", "XSRF-TOKEN=" + csrf).header("X-XSRF-TOKEN", csrf)
                .contentType(MediaType.APPLICATION_JSON).bodyValue(body).exchange();
    }

    private JsonNode awaitFinal(Path dir, String guid, int portNumber, long id) throws IOException {
        return await(dir, () -> {
            JsonNode commands = JSON.readTree(read("/api/v1/ports/" + guid + "/" + portNumber + "/commands")
                    .expectStatus().isOk().expectBody(String.class).returnResult().getResponseBody());
            for (JsonNode command : commands) {
                String state = command.path("state").asString();
                if (command.path("id").asLong() == id && !state.equals("queued") && !state.equals("sent")) {
                    return command;
                }
            }
            return null;
        });
    }

    /** One field of {@code smpquery portinfo} for the port, as the tool prints it. */
    private static String smpquery(IbsimFabric fabric, int lid, int portNumber, Pattern field) {
        IbsimFabric.ToolResult result = fabric.tool("node-1", "smpquery", "portinfo", String.valueOf(lid),
                String.valueOf(portNumber));
        assertThat(result.exitCode()).as(result.stderr()).isZero();
        Matcher value = field.matcher(result.stdout());
        assertThat(value.find()).as(result.stdout()).isTrue();
        return value.group(1);
    }

    private JsonNode portOf(String nodeName, int portNumber, Instant since) {
        for (JsonNode p : JSON.readTree(portsSnapshot())) {
            if (p.path("nodeName").asString().equals(nodeName) && p.path("portNumber").asInt() == portNumber
                    && Instant.parse(p.path("sampledAt").asString()).isAfter(since)) {
                return p;
            }
        }
        return null;
    }

    private static <T> T await(Path dir, Callable<T> value) throws IOException {
        try {
            return Awaitility.await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500))
                    .until(value, v -> v != null);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("timed out; agent log:\n" + Files.readString(dir.resolve("agent.log")), e);
        }
    }

    private static String basic() {
        return "Basic " + Base64.getEncoder().encodeToString((ADMIN + ":" + ADMIN_PASSWORD)
                .getBytes(StandardCharsets.UTF_8));
    }

    private static Locator.WaitForOptions visible() {
        return new Locator.WaitForOptions().setState(WaitForSelectorState.VISIBLE).setTimeout(60_000);
    }
}
