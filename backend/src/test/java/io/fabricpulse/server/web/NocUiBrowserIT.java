package io.fabricpulse.server.web;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The NOC UI in real Chromium against the whole server running the demo fabric ({@link DemoServerBrowserTest}). Every page is checked to load
 * nothing from outside the server ({@link BrowserPage}); screenshots land in target/screenshots/. Waits
 * are for things to appear (the demo needs two polls before it has rates), never assertions on time.
 */
class NocUiBrowserIT extends DemoServerBrowserTest {

    private static final String NODE0420 = "node0420 HCA-1";
    /** As the overview's tables name it (web.ShortNames), the full name on hover. */
    private static final String NODE0420_SHORT = "node0420";

    @Test
    void overviewShowsTheDemosFaultyPortsLiveWithoutLayoutShift() {
        try (BrowserPage tab = open()) {
            Page page = tab.go("/");
            watchLayoutShifts(page);
            // leaf03[19]: the congested uplink, discards rising; node0420: symbol errors rising.
            Locator leaf03 = page.locator("tbody[data-port-rows] tr[data-severity=error]")
                    .filter(new Locator.FilterOptions().setHasText("leaf03"))
                    .filter(new Locator.FilterOptions().setHas(page.locator("td[data-text=port]", new Page.LocatorOptions().setHasText("19"))));
            leaf03.first().locator("td[data-text='xmitDiscards.rate'][data-on=true]").waitFor(visible());
            Locator node0420 = page.locator("tbody[data-port-rows] tr[data-severity=error]", new Page.LocatorOptions().setHasText(NODE0420_SHORT));
            node0420.locator("td[data-text='symbolErrors.rate'][data-on=true]").waitFor(visible());
            page.locator("[data-live-status=live]").waitFor(visible());
            assertThat(Integer.parseInt(page.locator("[data-text='summary.nodes']").textContent())).isEqualTo(702);

            // Two more live updates, then the page must not have moved.
            String last = page.locator("[data-text='summary.lastUpdate']").textContent();
            page.waitForFunction("t => document.querySelector(\"[data-text='summary.lastUpdate']\").textContent !== t",
                    last, new Page.WaitForFunctionOptions().setTimeout(PATIENCE_MS));
            last = page.locator("[data-text='summary.lastUpdate']").textContent();
            page.waitForFunction("t => document.querySelector(\"[data-text='summary.lastUpdate']\").textContent !== t",
                    last, new Page.WaitForFunctionOptions().setTimeout(PATIENCE_MS));
            double shift = ((Number) page.evaluate("window.__layoutShift")).doubleValue();
            assertThat(shift).as("cumulative layout shift during live updates").isLessThan(0.01);
            tab.screenshot("ui-overview");
        }
    }

    @Test
    void errorsOnlyToggleShowsAllPortsAndBack() {
        try (BrowserPage tab = open()) {
            Page page = tab.go("/");
            page.locator("tbody[data-error-rows] tr[data-errors=true]", new Page.LocatorOptions().setHasText(NODE0420_SHORT))
                    .waitFor(visible());
            Locator quiet = page.locator("tbody[data-error-rows] tr[data-errors=false]");
            assertThat(visibleCount(quiet)).as("errors only: ports without errors hidden").isZero();
            tab.screenshot("ui-errors-only");

            page.locator("[data-errors-toggle]").click();

            assertThat(page.url()).contains("errors=all");
            assertThat(page.locator("[data-errors-toggle]").getAttribute("aria-pressed")).isEqualTo("false");
            assertThat(visibleCount(quiet)).as("all ports shown").isPositive();
            tab.screenshot("ui-errors-all");

            page.locator("[data-errors-toggle]").focus();
            page.keyboard().press(" ");
            assertThat(page.url()).doesNotContain("errors=all");
            assertThat(visibleCount(quiet)).isZero();
        }
    }

    @Test
    void themeAndWallModeAreRememberedAndKeysNavigate() {
        try (BrowserPage tab = open()) {
            Page page = tab.go("/inventory");
            assertThat(page.locator("html").getAttribute("data-theme")).isEqualTo("dark");
            tab.screenshot("ui-inventory-dark");

            page.locator("[data-theme-toggle]").click();
            assertThat(page.locator("html").getAttribute("data-theme")).isEqualTo("light");
            page.keyboard().press("w");
            assertThat(page.locator("html").getAttribute("data-wall")).isEqualTo("on");

            page.reload();
            // Set by theme-init.js before the first paint: already there when the document is parsed.
            assertThat(page.locator("html").getAttribute("data-theme")).isEqualTo("light");
            assertThat(page.locator("html").getAttribute("data-wall")).isEqualTo("on");
            assertThat(page.locator("[data-theme-toggle]").getAttribute("aria-pressed")).isEqualTo("true");
            tab.screenshot("ui-inventory-light-wall");

            page.keyboard().press("g");
            page.keyboard().press("o");
            page.waitForURL("**/");
            assertThat(page.locator("html").getAttribute("data-theme")).isEqualTo("light");
            page.keyboard().press("t");
            assertThat(page.locator("html").getAttribute("data-theme")).isEqualTo("dark");
            page.keyboard().press("?");
            assertThat(page.locator("dialog[data-shortcuts]").isVisible()).isTrue();
            page.keyboard().press("Escape");
            page.keyboard().press("g");
            page.keyboard().press("i");
            page.waitForURL("**/inventory");

            page.keyboard().press("Tab");
            assertThat(page.evaluate("document.activeElement.className")).isEqualTo("skip-link");
        }
    }

    @Test
    void inventoryShowsModelsAndTheDemosLinkDrift() {
        try (BrowserPage tab = open()) {
            Page page = tab.go("/inventory");
            Locator degraded = page.locator("table.drift-table tbody tr", new Page.LocatorOptions().setHasText("node0200 HCA-1"));
            assertThat(degraded.first().textContent()).contains("width below 4X");
            assertThat(page.locator("table.models-table tbody tr").count()).isPositive();
            tab.screenshot("ui-inventory");
        }
    }

    @Test
    void navigatesFromTheOverviewToAFaultyPortItsPeerAndItsNode() {
        try (BrowserPage tab = open()) {
            Page page = tab.go("/");
            Locator link = page.locator("tbody[data-error-rows] tr[data-errors=true] a", new Page.LocatorOptions().setHasText(NODE0420_SHORT));
            link.first().waitFor(visible());
            link.first().click();

            page.waitForURL("**/ports/1");
            assertThat(page.locator("h1").textContent()).isEqualTo(NODE0420 + " port 1");
            assertThat(page.locator("tr[data-counter=SymbolErrorCounter]").getAttribute("data-severity")).isEqualTo("error");
            tab.screenshot("ui-port-node0420");

            String peer = page.locator("[data-fact=peer] a[data-peer]").textContent();
            page.locator("[data-fact=peer] a[data-peer]").click();
            page.waitForURL("**/ports/*");
            assertThat(peer).contains("leaf");
            assertThat(page.locator("h1").textContent()).isEqualTo(peer.replaceAll("\\[(\\d+)]$", " port $1"));
            assertThat(page.locator("[data-fact=peer] a[data-peer]").textContent()).isEqualTo(NODE0420 + "[1]");
            tab.screenshot("ui-port-peer");

            page.locator("a[data-node-link]").click();
            page.waitForURL("**/nodes/0x*");
            assertThat(page.locator("table.node-ports tbody tr").count()).isEqualTo(36);
            tab.screenshot("ui-node-leaf");
        }
    }

    @Test
    void loadsTheWebJarLibrariesThroughTheImportMapFromTheServer() {
        try (BrowserPage tab = open()) {
            Page page = tab.go("/inventory");
            @SuppressWarnings("unchecked")
            List<String> types = (List<String>) page.evaluate("""
                    async () => {
                      const vendor = await import('/js/lib/vendor.js');
                      const echarts = await vendor.loadECharts();
                      return [typeof echarts.init];
                    }""");
            assertThat(types).containsExactly("function");
        }
    }

    /**
     * Acceptance 3 over every page: each page the layout's navigation links to, the sign-in page, and the
     * pages behind them (a node, a port with its charts, an alert, the map drawn), with every request the
     * browser makes recorded. {@link BrowserPage} aborts and reports any request to another origin; here the
     * pages are also shown to have loaded their scripts, styles and data at all, so "nothing offsite" is not
     * "nothing loaded".
     */
    @Test
    void noPageLoadsAnythingFromOutsideTheServer() {
        try (BrowserPage signedOut = openSignedOut()) {
            List<String> requests = recordRequests(signedOut.page());
            signedOut.go("/login");
            assertThat(requests).anyMatch(url -> url.endsWith("/css/app.css"));
            assertThat(signedOut.offsiteRequests()).isEmpty();
        }
        try (BrowserPage tab = open()) {
            List<String> requests = recordRequests(tab.page());
            Page page = tab.go("/");
            List<String> pages = new ArrayList<>(page.locator("nav[aria-label=Main] a").all().stream()
                    .map(a -> a.getAttribute("href")).toList());
            Locator port = page.locator("tbody[data-error-rows] tr[data-errors=true] a").first();
            port.waitFor(visible());
            String portPath = port.getAttribute("href");
            pages.add(portPath);
            pages.add(portPath.substring(0, portPath.indexOf("/ports/")));
            pages.add("/?errors=all");
            assertThat(pages).contains("/", "/map", "/alerts", "/inventory");
            for (String path : pages) {
                requests.clear();
                page = tab.go(path);
                if (path.equals("/map")) {
                    page.locator("main[data-map][data-drawn=true]").waitFor(visible());
                    assertThat(requests).anyMatch(url -> url.contains("/api/v1/topology/map"));
                }
                if (path.contains("/ports/")) {
                    page.locator("[data-chart=port] canvas").first().waitFor(visible());
                    assertThat(requests).anyMatch(url -> url.contains("/webjars/echarts/"));
                }
                if (path.equals("/alerts")) {
                    // Any alert's address: the first may sit folded inside its cable's group.
                    Locator alert = page.locator("tbody[data-alert-rows] a[data-alert-link]").first();
                    alert.waitFor(new Locator.WaitForOptions()
                            .setState(com.microsoft.playwright.options.WaitForSelectorState.ATTACHED));
                    requests.clear();
                    tab.go(alert.getAttribute("href"));
                    assertThat(requests).as("an alert's page").anyMatch(url -> url.endsWith("/js/alert-actions.js"));
                }
                assertThat(requests).as(path + " loaded its styles").anyMatch(url -> url.endsWith("/css/app.css"));
                assertThat(tab.offsiteRequests()).as(path).isEmpty();
            }
        }
    }

    /** Every URL the page requests from now on (a live list the caller clears between pages). */
    private static List<String> recordRequests(Page page) {
        List<String> urls = new CopyOnWriteArrayList<>();
        page.onRequest(request -> urls.add(request.url()));
        return urls;
    }

    /** Sums layout-shift entries (the Cumulative Layout Shift) from now on into window.__layoutShift. */
    private static void watchLayoutShifts(Page page) {
        page.evaluate("""
                () => {
                  window.__layoutShift = 0;
                  new PerformanceObserver((list) => {
                    for (const entry of list.getEntries()) {
                      if (!entry.hadRecentInput) window.__layoutShift += entry.value;
                    }
                  }).observe({ type: 'layout-shift' });
                }""");
    }

    private static int visibleCount(Locator rows) {
        return ((Number) rows.evaluateAll("rows => rows.filter(r => r.offsetParent !== null).length")).intValue();
    }
}
