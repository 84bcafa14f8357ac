package io.fabricpulse.server.web;

import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import io.fabricpulse.server.testing.ServerTest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The alert workflow in real Chromium against the demo server ({@link DemoServerBrowserTest}): the demo's
 * scripted cable faults raise link alerts; the NOC opens the list, opens a link alert, sees both ends,
 * acknowledges it with a ticket, and the new state shows on the list and through the API; and silences a link
 * from its alert for an hour, sees it marked and listed, and expires the silence from the list.
 */
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
