package io.fabricpulse.server.web;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.TimeoutError;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The port page's rate charts in real Chromium against the demo server ({@link DemoServerBrowserTest}):
 * ECharts, served from its WebJar, draws both ends of node0420's faulty cable from the demo's samples.
 */
class ChartsBrowserIT extends DemoServerBrowserTest {

    private static final String BOTH_ENDS_DRAWN = """
            () => ['port', 'peer'].every(name => {
              const chart = document.querySelector(`[data-chart=${name}]`);
              return Number(chart.dataset.points) > 0 && chart.querySelector('canvas') !== null;
            })""";

    @Test
    void portPageChartsBothEndsOfTheLinkWithTheDemosData() {
        try (BrowserPage tab = open()) {
            Page page = tab.go("/");
            Locator link = page.locator("tbody[data-error-rows] tr[data-errors=true] a",
                    new Page.LocatorOptions().setHasText("node0420"));
            link.first().waitFor(visible());
            link.first().click();
            page.waitForURL("**/ports/1");

            // Transmitted bytes over the last hour, the default; the demo needs a few polls to fill a bucket.
            waitFor(page, BOTH_ENDS_DRAWN);
            assertThat(page.locator("[data-chart=port] canvas").first().boundingBox().height).isGreaterThan(100);
            tab.screenshot("ui-port-charts-bytes");

            page.locator("select[data-chart-counter]").selectOption("SymbolErrorCounter");
            page.locator("[data-range='15m']").click();
            assertThat(page.locator("[data-range='15m']").getAttribute("aria-pressed")).isEqualTo("true");
            // node0420's symbol errors rise: its own chart has non-zero points once the new series is drawn.
            waitFor(page, """
                    () => {
                      const chart = document.querySelector('[data-chart=port]');
                      return chart.dataset.counter === 'SymbolErrorCounter' && Number(chart.dataset.points) > 0
                          && Number(chart.dataset.peak) > 0;
                    }""");
            assertThat(page.locator("[data-chart-status]").isHidden()).isTrue();
            tab.screenshot("ui-port-charts-symbol-errors");
        }
    }

    /** Waits for {@code condition}; on timeout fails with what the charts showed, which says why. */
    private static void waitFor(Page page, String condition) {
        try {
            page.waitForFunction(condition, null, new Page.WaitForFunctionOptions().setTimeout(PATIENCE_MS));
        } catch (TimeoutError e) {
            Object state = page.evaluate("""
                    () => JSON.stringify({
                      charts: [...document.querySelectorAll('[data-chart]')].map(c => ({ ...c.dataset,
                          canvas: c.querySelector('canvas') !== null })),
                      status: document.querySelector('[data-chart-status]').textContent })""");
            throw new AssertionError("charts not drawn in time; they show " + state, e);
        }
    }
}
