package io.fabricpulse.server.web;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.WaitUntilState;
import io.fabricpulse.server.testing.ServerTest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Acceptance 1 of the UI as one story, against the server running the demo fabric as the README's run command
 * starts it ({@code --fabricpulse.demo.enabled=true}; {@link DemoServerBrowserTest}): a newcomer signs in,
 * sees the fabric's health on the overview, finds a red cable on the map, clicks it, opens its end and sees
 * both ends' counters and rate charts, acknowledges the cable's alert and sees its new state on the alert list.
 * A screenshot of each step lands in target/screenshots/newcomer-*.png.
 */
class NewcomerFlowBrowserIT extends DemoServerBrowserTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void aNewcomerFindsABadCableOnTheMapSeesBothEndsAndAcknowledgesItsAlert() {
        try (BrowserPage tab = openSignedOut()) {
            // 1. Sign in.
            Page page = tab.go("/login");
            page.locator("#username").fill(ServerTest.ADMIN);
            page.locator("#password").fill(ServerTest.ADMIN_PASSWORD);
            tab.screenshot("newcomer-1-sign-in");
            page.locator("form.login-form button[type=submit]").click();
            page.waitForURL(url -> !url.contains("/login"), parsed());
            assertThat(page.locator("form.sign-out span").textContent()).isEqualTo(ServerTest.ADMIN);

            // 2. The overview: the fabric's size and its faulty ports, live.
            page.locator("[data-live-status=live]").waitFor(visible());
            page.locator("tbody[data-port-rows] tr[data-severity=error]").first().waitFor(visible());
            assertThat(page.locator("[data-text='summary.nodes']").textContent()).isEqualTo("702");
            tab.screenshot("newcomer-2-overview");

            // The demo's faulty cables raise link alerts within a minute; the newcomer will look for one of them.
            JsonNode alert = firingLinkAlert(tab);
            JsonNode reporting = reportingEnd(alert);
            String guid = reporting.get("nodeGuid").asString();
            int portNumber = reporting.get("portNumber").asInt();

            // 3. The map, with that cable's edge red: click it.
            page = tab.goUntil("/map", "main[data-map]");
            tab.pollUntil("""
                    async ([guid, port]) => {
                      const graph = await (await fetch('/api/v1/topology/map')).json();
                      return graph.worst.some(c => c.status === 'ERRORS'
                          && [c.a, c.b].some(e => e.nodeGuid === guid && e.port === port));
                    }""", new Object[] {guid, portNumber}, PATIENCE_MS, 2000);
            tab.reloadUntil("main[data-map][data-drawn=true]");
            assertThat(page.locator("main[data-map]").getAttribute("data-nodes")).isEqualTo("702");
            tab.screenshot("newcomer-3-map");
            // The side panel opened on the worst links, this cable among them.
            assertThat(page.locator("[data-map-panel][data-showing=worst] li[data-status=ERRORS] a[href='/nodes/"
                    + guid + "/ports/" + portNumber + "']").count()).isEqualTo(1);
            @SuppressWarnings("unchecked")
            Map<String, Object> edge = (Map<String, Object>) page.evaluate("""
                    ([guid, port]) => {
                      const canvas = document.querySelector('[data-map-canvas]');
                      const map = canvas.map;
                      const cable = canvas.graph.worst.find(c => [c.a, c.b].some(end => end.nodeGuid === guid && end.port === port));
                      const drawn = map.edges.get(cable.edge);
                      map.fit([drawn.data.source, drawn.data.target], 120);
                      const line = drawn.line.getBoundingClientRect();
                      const box = canvas.getBoundingClientRect();
                      return { x: (line.left + line.right) / 2 - box.left, y: (line.top + line.bottom) / 2 - box.top,
                               status: drawn.data.status };
                    }""", new Object[] {guid, portNumber});
            assertThat(edge.get("status")).as("the cable's bundle is drawn as a problem: errors, or down if a cable of it is")
                    .isIn("ERRORS", "DOWN");
            tab.clickInside("[data-map-canvas]", edge);
            Locator cable = page.locator("[data-map-panel] li[data-status=ERRORS]")
                    .filter(new Locator.FilterOptions().setHas(page.locator(
                            "a[href='/nodes/" + guid + "/ports/" + portNumber + "']")));
            cable.waitFor(visible());
            assertThat(cable.locator("a[data-end-link]").count()).as("both ends of the cable").isEqualTo(2);
            tab.screenshot("newcomer-4-red-cable");

            // 4. Its end: counters, and the rate charts of both ends of the cable.
            cable.locator("a[href='/nodes/" + guid + "/ports/" + portNumber + "']").click();
            page.waitForURL("**/nodes/" + guid + "/ports/" + portNumber, parsed());
            assertThat(page.locator("tr[data-counter=SymbolErrorCounter]").count()).isEqualTo(1);
            page.locator("[data-range='15m']").click();
            page.waitForFunction("""
                    () => ['port', 'peer'].every(name => {
                      const chart = document.querySelector(`[data-chart=${name}]`);
                      return Number(chart.dataset.points) > 0 && chart.querySelector('canvas') !== null;
                    })""", null, new Page.WaitForFunctionOptions().setTimeout(PATIENCE_MS));
            tab.screenshot("newcomer-5-port-and-charts");

            // 5. The cable's alert: both ends' counters side by side; acknowledge it with a ticket.
            long id = alert.get("id").asLong();
            page = tab.goUntil("/alerts", "tbody[data-alert-rows]");
            Locator row = AlertsBrowserIT.alertRow(tab, id);
            row.locator("a[data-alert-link]").click();
            page.waitForURL("**/alerts/" + id, parsed());
            assertThat(page.locator("article.end").count()).isEqualTo(2);
            if (page.locator("article.end table.end-counters").count() < 2) {
                // An end the fabric had not reported when the page was rendered shows up on a reload, as a person
                // would see it; the wait fails naming the alert when it never does.
                System.err.println("NewcomerFlowBrowserIT: one end without counters, reloading; the alert: "
                        + tab.page().evaluate("async id => JSON.stringify(await (await fetch('/api/v1/alerts/' + id)).json())", String.valueOf(id)));
                tab.reloadUntil("div.ends-grid:has(article.end:nth-child(1) table.end-counters)"
                        + ":has(article.end:nth-child(2) table.end-counters)");
            }
            assertThat(page.locator("article.end table.end-counters").count()).as("counters of both ends").isEqualTo(2);
            page.locator("form[data-alert-action=ack] input[name=ticket]").fill("INC-1001");
            tab.screenshot("newcomer-6-alert");
            page.locator("form[data-alert-action=ack] button[type=submit]").click();
            page.locator("main[data-state=acknowledged]").waitFor(visible());
            assertThat(page.locator("[data-fact=acked-by]").textContent()).isEqualTo(ServerTest.ADMIN);
            tab.screenshot("newcomer-7-acknowledged");

            // 6. The list shows the new state.
            page.locator("p.crumbs a").first().click();
            page.waitForURL("**/alerts?state=acknowledged", parsed());
            AlertsBrowserIT.openGroups(tab);
            Locator acked = page.locator("tbody[data-alert-rows] tr[data-alert-id='" + id + "']");
            assertThat(acked.getAttribute("data-state")).isEqualTo("acknowledged");
            assertThat(acked.locator("td[data-cell=state]").textContent()).contains("INC-1001");
            tab.screenshot("newcomer-8-alert-list");
        }
    }

    /**
     * A firing symbol-error alert on a link, node0420's (2 errors/s) when it fires: the demo's clearest bad cable.
     * Chosen from the same answer that shows it firing, and only among the demo's steadily bad cables: other link
     * alerts come and go (the flapping cable; the topology changes SettingsBrowserIT makes and puts back on this
     * shared server), and one may have resolved by the time a second request is answered.
     */
    private static JsonNode firingLinkAlert(BrowserPage tab) {
        Object chosen = tab.pollUntil("""
                async () => {
                  const items = (await (await fetch('/api/v1/alerts?state=FIRING&limit=100')).json()).items
                      .filter(a => a.scope === 'LINK' && a.rule.startsWith('symbol-error'));
                  // Both ends live in the fabric now (the API's view of the alert lists their ports).
                  const whole = [];
                  for (const a of items) {
                    const detail = await (await fetch('/api/v1/alerts/' + a.id)).json();
                    if (detail.ports.length === 2) whole.push(a);
                  }
                  const best = whole.find(a => JSON.stringify(a.context.ends).includes('node0420 HCA-1')) ?? whole[0];
                  return best === undefined ? null : JSON.stringify(best);
                }""", null, PATIENCE_MS, 2000);
        return JSON.readTree((String) chosen);
    }

    /**
     * Until the page is parsed (its server-rendered content and module scripts), not until "load": CI saw
     * "load" wait past a minute for a request that never finished, while the page itself was there.
     */
    private static Page.WaitForURLOptions parsed() {
        return new Page.WaitForURLOptions().setWaitUntil(WaitUntilState.DOMCONTENTLOADED).setTimeout(PATIENCE_MS);
    }

    private static JsonNode reportingEnd(JsonNode alert) {
        for (JsonNode end : alert.get("context").get("ends")) {
            if (end.get("reporting").asBoolean()) {
                return end;
            }
        }
        return alert.get("context").get("ends").get(0);
    }
}
