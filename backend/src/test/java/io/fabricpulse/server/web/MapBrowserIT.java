package io.fabricpulse.server.web;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The topology map in real Chromium against the demo server ({@link DemoServerBrowserTest}): all 702 nodes
 * drawn (hosts folded into one node per leaf), a red link clicked on the canvas lists both ends of its
 * faulty cable, and the search finds a host by name.
 */
class MapBrowserIT extends DemoServerBrowserTest {

    @Test
    void drawsTheWholeDemoFabricAndARedLinkOpensBothEnds() {
        try (BrowserPage tab = open()) {
            Page page = tab.go("/map");
            // The demo's errors need two polls to show as rates: wait until the topology has a red link, then draw.
            page.waitForFunction("""
                    async () => {
                      const topology = await (await fetch('/api/v1/topology')).json();
                      return topology.links.some(l => l.health?.status === 'ERRORS');
                    }""", null, new Page.WaitForFunctionOptions().setTimeout(PATIENCE_MS).setPollingInterval(2000));
            page.reload();
            page.locator("main[data-map][data-drawn=true]").waitFor(visible());
            assertThat(page.locator("main[data-map]").getAttribute("data-nodes")).isEqualTo("702");
            tab.screenshot("ui-map");

            @SuppressWarnings("unchecked")
            Map<String, Number> mid = (Map<String, Number>) page.evaluate("""
                    () => {
                      const cy = document.querySelector('[data-map-canvas]').cy;
                      const edge = cy.edges('[status="ERRORS"]').first();
                      cy.fit(edge.connectedNodes(), 120);
                      const p = edge.renderedMidpoint();
                      return { x: p.x, y: p.y };
                    }""");
            tab.clickInside("[data-map-canvas]", mid);

            Locator faulty = page.locator("[data-map-panel] li[data-status=ERRORS]").first();
            faulty.waitFor(visible());
            assertThat(faulty.locator("a[data-end-link]").count()).as("both ends of the cable").isEqualTo(2);
            tab.screenshot("ui-map-red-link");
            faulty.locator("a[data-end-link]").first().click();
            page.waitForURL("**/nodes/0x*/ports/*");

            page = tab.go("/map");
            page.locator("main[data-map][data-drawn=true]").waitFor(visible());
            page.locator("form[data-map-search] input[name=q]").fill("node0420");
            page.locator("form[data-map-search] input[name=q]").press("Enter");
            assertThat(page.locator("main[data-map]").getAttribute("data-found")).startsWith("hosts:0x");
            assertThat(page.locator("[data-map-panel] h2").textContent()).isEqualTo("node0420 HCA-1");
            tab.screenshot("ui-map-search");
        }
    }
}
