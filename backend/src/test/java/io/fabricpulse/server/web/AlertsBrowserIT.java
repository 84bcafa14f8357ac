package io.fabricpulse.server.web;

import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.RequestOptions;
import io.fabricpulse.server.testing.ServerTest;
import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The alert workflow in real Chromium against the demo server ({@link DemoServerBrowserTest}): the demo's
 * scripted cable faults raise link alerts; the NOC opens the list, opens a link alert, sees both ends,
 * acknowledges it with a ticket, and the new state shows on the list and through the API; and silences a link
 * from its alert for an hour, sees it marked and listed, and expires the silence from the list.
 *
 * <p>The group acknowledge pushes a test agent's cable into the demo server, whose two nodes stay in its fabric: the
 * classes after this one get a demo server of their own, with the demo's 702 nodes they count.
 */
@DirtiesContext
class AlertsBrowserIT extends DemoServerBrowserTest {

    /**
     * Rows of the demo's steadily bad cables (symbol errors). Other link alerts come and go on this shared server
     * (the flapping cable; topology changes that SettingsBrowserIT makes and puts back) and may resolve mid-test.
     */
    private static final String STEADY = ":has(td:text-matches('^symbol-error'))";

    @Test
    void acknowledgingALinkAlertWithATicketChangesItsStateEverywhere() {
        try (BrowserPage tab = open()) {
            Page page = tab.go("/alerts");
            // The list re-reads itself every few seconds: the demo's first link alerts appear without a reload.
            openGroups(tab);
            Locator linkAlert = page.locator("tbody[data-alert-rows] tr[data-scope=link][data-state=firing]" + STEADY + ":visible").first();
            linkAlert.waitFor(visible());
            assertThat(page.locator("nav[aria-label=Main] a[aria-current=page]").textContent()).isEqualTo("Alerts");
            tab.screenshot("ui-alerts-firing");

            String id = linkAlert.getAttribute("data-alert-id");
            linkAlert.locator("a[data-alert-link]").click();
            page.waitForURL("**/alerts/" + id);
            assertThat(page.locator("article.end").count()).as("both ends of the link").isEqualTo(2);
            assertThat(page.locator("article.end a[data-end-link]").first().getAttribute("href")).matches("/nodes/0x[0-9a-f]{16}/ports/\\d+");
            tab.screenshot("ui-alert-detail");

            page.locator("form[data-alert-action=ack] input[name=ticket]").fill("INC-42");
            page.locator("form[data-alert-action=ack] button[type=submit]").click();
            page.locator("main[data-state=acknowledged]").waitFor(visible());
            assertThat(page.locator("[data-fact=ticket]").textContent()).isEqualTo("INC-42");
            assertThat(page.locator("table.history-table tr[data-kind=acknowledged]").textContent()).contains("ticket INC-42");
            tab.screenshot("ui-alert-acknowledged");

            page.locator("p.crumbs a").first().click();
            page.waitForURL("**/alerts?state=acknowledged");
            openGroups(tab);
            Locator row = page.locator("tbody[data-alert-rows] tr[data-alert-id='" + id + "']");
            assertThat(row.getAttribute("data-state")).isEqualTo("acknowledged");
            assertThat(row.locator("td[data-cell=state]").textContent()).contains("INC-42");
            tab.screenshot("ui-alerts-acknowledged");
            page.navigate(page.url().replace("state=acknowledged", "state=firing"));
            assertThat(page.locator("tbody[data-alert-rows] tr[data-alert-id='" + id + "']").count())
                    .as("no longer in the firing list").isZero();

            APIResponse api = page.request().get(page.url().replaceAll("/alerts.*", "/api/v1/alerts/" + id));
            assertThat(api.status()).isEqualTo(200);
            JsonNode alert = JsonMapper.builder().build().readTree(api.text()).get("alert");
            assertThat(alert.get("state").asString()).isEqualTo("ACKNOWLEDGED");
            assertThat(alert.get("ticket").asString()).isEqualTo("INC-42");
            assertThat(alert.get("acknowledgedBy").asString()).isEqualTo(ServerTest.ADMIN);
        }
    }

    @Test
    void silencingALinkFromItsAlertMarksItAndExpiringTheSilenceFromTheListEndsIt() {
        try (BrowserPage tab = open()) {
            Page page = tab.go("/alerts");
            openGroups(tab);
            Locator linkAlert = page.locator("tbody[data-alert-rows] tr[data-scope=link][data-silenced=false]" + STEADY + ":visible").first();
            linkAlert.waitFor(visible());
            String id = linkAlert.getAttribute("data-alert-id");
            page = tab.go("/alerts/" + id);
            assertThat(page.locator("[data-silenced-by]").count()).isZero();

            // This link only, for an hour, with the reason.
            Locator form = page.locator("form[data-alert-action=silence]");
            String link = form.locator("select[name=scope] option").first().getAttribute("value");
            assertThat(link).startsWith("LINK:link:0x");
            form.locator("select[name=scope]").selectOption(link);
            form.locator("select[name=duration]").selectOption("PT1H");
            form.locator("textarea[name=comment]").fill("optic swap CHG-77");
            form.locator("button[type=submit]").click();
            Locator note = page.locator("[data-silenced-by]");
            note.waitFor(visible());
            assertThat(note.textContent()).contains("by " + ServerTest.ADMIN, "optic swap CHG-77")
                    .containsPattern("link .+\\[\\d+] ↔ .+\\[\\d+]");
            String silence = note.getAttribute("data-silence-id");
            tab.screenshot("ui-alert-silenced");

            // The alert list (the alert's own tab): the alert marked, the silence listed with who, until and why.
            page.locator("p.crumbs a").first().click();
            page.waitForURL("**/alerts?state=*");
            openGroups(tab);
            assertThat(page.locator("tbody[data-alert-rows] tr[data-alert-id='" + id + "']").getAttribute("data-silenced"))
                    .isEqualTo("true");
            Locator row = page.locator("tbody[data-silence-rows] tr[data-silence-id='" + silence + "']");
            assertThat(row.textContent()).contains(ServerTest.ADMIN, "optic swap CHG-77");
            tab.screenshot("ui-alerts-silences");

            row.locator("form[data-alert-action=expire] button[type=submit]").click();
            page.waitForFunction("id => !document.querySelector(`tbody[data-silence-rows] tr[data-silence-id='${id}']`)",
                    silence, new Page.WaitForFunctionOptions().setTimeout(PATIENCE_MS));
            APIResponse api = page.request().get(page.url().replaceAll("/alerts.*", "/api/v1/alerts/silences/" + silence));
            assertThat(JsonMapper.builder().build().readTree(api.text()).get("state").asString()).isEqualTo("EXPIRED");
            assertThat(tab.go("/alerts/" + id).locator("[data-silenced-by]").count()).as("no longer silenced").isZero();
        }
    }

    /**
     * One cable's alerts acknowledged in one action from the list: the group opened, a ticket and a comment given once,
     * every member acknowledged with them (the list, the API, each alert's history, the audit log), as one acknowledge
     * each would. Before that, the attacks change nothing: a POST to the group acknowledge from a browser not signed in
     * (401) and one forged without the CSRF token from the operator's own signed-in browser (403).
     */
    @Test
    void acknowledgingACablesGroupFromTheListAcknowledgesEveryMember() throws Exception {
        AgentCable cable = AgentCable.of(port, "ackhost HCA-1", "MF0;ack-leaf:SB7800/U1");
        cable.push(1, Map.of("SymbolErrorCounter", 0L));
        cable.push(2, Map.of("SymbolErrorCounter", 0L));
        // A burst and a bit error rate far above the cable's limit: two rules on one cable, one group.
        cable.push(3, Map.of("SymbolErrorCounter", 5_000L));
        try (BrowserPage tab = open()) {
            String group = "tr[data-group^='link:']";
            Page page = tab.goUntil("/alerts?node=" + cable.hostGuid(), group);
            List<String> ids = page.locator("tr[data-member-of]").evaluateAll("rows => rows.map(r => r.dataset.alertId)")
                    instanceof List<?> found ? found.stream().map(String::valueOf).toList() : List.of();
            assertThat(ids).hasSizeGreaterThanOrEqualTo(2);
            String body = "{\"ids\": [" + String.join(", ", ids) + "], \"ticket\": \"INC-666\"}";

            // Sent with the browser's own credentials and cookies (its request context), as a forged request rides on
            // them; "Connection: close" as RoleMatrix sends refusals: in the page itself (fetch) this refused POST was never answered.
            APIResponse forged = page.request().post(origin(page) + "/api/v1/alerts/ack", RequestOptions.create()
                    .setHeader("Content-Type", "application/json").setHeader("Connection", "close").setData(body));
            assertThat(forged.status()).as("signed in, but no CSRF token: a forged request").isEqualTo(403);
            try (BrowserPage stranger = openSignedOut()) {
                stranger.go("/login");
                String token = stranger.page().context().cookies().stream().filter(c -> c.name.equals("XSRF-TOKEN"))
                        .findFirst().orElseThrow().value;
                APIResponse anonymous = stranger.page().request().post(origin(page) + "/api/v1/alerts/ack",
                        RequestOptions.create().setHeader("Content-Type", "application/json")
                                .setHeader("Connection", "close").setHeader("X-XSRF-TOKEN", token).setData(body));
                assertThat(anonymous.status()).as("not signed in, with the CSRF token").isEqualTo(401);
            }
            for (String id : ids) {
                JsonNode detail = api(page, "/api/v1/alerts/" + id);
                assertThat(detail.get("alert").get("state").asString()).as("refused: nothing changed").isEqualTo("FIRING");
                assertThat(kinds(detail)).as("refused: nothing changed").doesNotContain("ACKNOWLEDGED", "COMMENTED");
            }

            page.waitForLoadState(); // the group toggle's module has run
            page.locator(group + " [data-group-toggle]").click();
            Locator form = page.locator("tr[data-group-actions-of] form[data-alert-action=ack-group]");
            form.waitFor(visible());
            assertThat(form.getAttribute("data-ids").split(" ")).containsExactlyInAnyOrderElementsOf(ids);
            form.locator("input[name=ticket]").fill("INC-2323");
            form.locator("input[name=comment]").fill("reseating the cable at both ends");
            assertThat(page.evaluate(NocWallBrowserIT.CUT_OFF, "main")).as("cut off at 1600 x 1000").isEqualTo(List.of());
            tab.screenshot("ui-alerts-group-ack-desk-1600");
            page.setViewportSize(1920, 1080);
            page.evaluate("() => document.activeElement.blur()"); // "w" typed into a field is a letter, not the shortcut
            page.keyboard().press("w");
            assertThat(page.locator("html").getAttribute("data-wall")).isEqualTo("on");
            assertThat(page.evaluate(NocWallBrowserIT.CUT_OFF, "main")).as("cut off on a wall").isEqualTo(List.of());
            tab.screenshot("ui-alerts-group-ack-wall-1920");

            page.evaluate("() => window.beforeAcknowledging = true");
            form.locator("button[type=submit]").click();
            // The page reloads (a new document, without the mark): the group has left the firing tab.
            awaitReloaded(tab, "ids => !window.beforeAcknowledging && document.readyState === 'complete'"
                    + " && ids.every(id => !document.querySelector(`tr[data-alert-id='${id}']`))", ids);
            for (String id : ids) {
                JsonNode detail = api(page, "/api/v1/alerts/" + id);
                JsonNode alert = detail.get("alert");
                assertThat(alert.get("state").asString()).isEqualTo("ACKNOWLEDGED");
                assertThat(alert.get("ticket").asString()).isEqualTo("INC-2323");
                assertThat(alert.get("acknowledgedBy").asString()).isEqualTo(ServerTest.ADMIN);
                List<String> kinds = kinds(detail);
                assertThat(kinds).as("as one acknowledge: its ticket, then the comment").endsWith("ACKNOWLEDGED", "COMMENTED")
                        .containsOnlyOnce("ACKNOWLEDGED");
                JsonNode history = detail.get("history");
                assertThat(history.get(history.size() - 2).get("text").asString()).isEqualTo("ticket INC-2323");
                assertThat(history.get(history.size() - 1).get("text").asString()).isEqualTo("reseating the cable at both ends");
                JsonNode audit = api(page, "/api/v1/audit?action=alert.ack&target=alert:" + id);
                assertThat(audit.get("entries")).hasSize(1);
                assertThat(audit.get("entries").get(0).get("actor").asString()).isEqualTo(ServerTest.ADMIN);
                assertThat(audit.get("entries").get(0).get("detail").asString()).isEqualTo("INC-2323");
            }

            page = tab.goUntil("/alerts?state=acknowledged&node=" + cable.hostGuid(), group);
            assertThat(page.locator(group + " td[data-cell=state]").textContent()).isEqualTo(ids.size() + " acknowledged");
            assertThat(page.locator("tr[data-member-of] .ticket").allTextContents()).hasSize(ids.size())
                    .containsOnly("INC-2323");
            assertThat(page.locator("tr[data-group-actions-of]").count()).as("nothing left to acknowledge").isZero();
            tab.screenshot("ui-alerts-group-acknowledged");
        }
    }

    /** Polls {@code reloaded} on the tab until it holds, through the reload under way (its old document goes away). */
    private static void awaitReloaded(BrowserPage tab, String reloaded, Object arg) {
        for (int attempt = 1; ; attempt++) {
            try {
                tab.pollUntil(reloaded, arg, PATIENCE_MS, 200);
                return;
            } catch (PlaywrightException navigating) {
                if (attempt == 5) {
                    throw navigating;
                }
            }
        }
    }

    private static List<String> kinds(JsonNode detail) {
        return detail.get("history").valueStream().map(entry -> entry.get("kind").asString()).toList();
    }

    private static String origin(Page page) {
        return page.url().replaceAll("(//[^/]+)/.*", "$1");
    }

    private static JsonNode api(Page page, String path) {
        APIResponse answer = page.request().get(origin(page) + path);
        assertThat(answer.status()).as(path).isEqualTo(200);
        return JsonMapper.builder().build().readTree(answer.text());
    }

    /**
     * Opens every folded group of the list (one cable's alerts, web.alerts.AlertGroups) once the first rows are
     * there, so its members can be found and followed; they stay open across the list's live re-reads.
     */
    static void openGroups(BrowserPage tab) {
        tab.page().locator("tbody[data-alert-rows] tr").first().waitFor(visible());
        tab.page().evaluate("() => document.querySelectorAll('[data-group-toggle][aria-expanded=false]')"
                + ".forEach(b => b.click())");
    }

    /**
     * The list's row of one alert, shown: a live update may fold a row that stood alone into its cable's group when
     * a second alert of that cable fires after {@link #openGroups} ran, so the row's group is opened whenever the
     * row is found folded, until the row is visible.
     */
    static Locator alertRow(BrowserPage tab, long id) {
        tab.page().waitForFunction("""
                id => {
                  const row = document.querySelector(`tbody[data-alert-rows] tr[data-alert-id='${id}']`);
                  if (row && row.hidden) {
                    const head = [...document.querySelectorAll('tbody[data-alert-rows] tr[data-group]')]
                        .find(group => group.dataset.group === row.dataset.memberOf);
                    const toggle = head?.querySelector('[data-group-toggle][aria-expanded=false]');
                    toggle?.click();
                  }
                  return row !== null && row.checkVisibility();
                }""", String.valueOf(id), new Page.WaitForFunctionOptions().setTimeout(PATIENCE_MS).setPollingInterval(250));
        return tab.page().locator("tbody[data-alert-rows] tr[data-alert-id='" + id + "']");
    }
}
