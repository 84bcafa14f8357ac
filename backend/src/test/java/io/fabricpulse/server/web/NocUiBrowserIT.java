package io.fabricpulse.server.web;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.WaitForSelectorState;
import io.fabricpulse.server.testing.ServerTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The NOC UI in real Chromium against the whole server running the demo fabric (648 hosts, 702 nodes, the
 * scripted faults of demo-faults.txt), signed in as the admin by HTTP Basic. Every page is checked to load
 * nothing from outside the server ({@link BrowserPage}); screenshots land in target/screenshots/. Waits
 * are for things to appear (the demo needs two polls before it has rates), never assertions on time.
 */
@Tag("browser")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "fabricpulse.demo.enabled=true",
        "fabricpulse.demo.interval=1s",
        "fabricpulse.ingest.agent-token=" + ServerTest.AGENT_TOKEN,
        "fabricpulse.security.admin-password={bcrypt}$2a$04$meyztND9bLaJYGN/SpRtCOYjT88C3tEj.Jqt3Jmc/ZubRfCdVvTra"})
class NocUiBrowserIT {

    /** Long enough for the demo's first polls on a busy 2-core machine; a wait, not an assertion on speed. */
    private static final double PATIENCE_MS = 60_000;
    private static final String NODE0420 = "node0420 HCA-1";

    private static Path dataDir;
    private static ChromiumBrowser chromium;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void dataDirectory(DynamicPropertyRegistry registry) throws IOException {
        dataDir = Files.createTempDirectory("fabricpulse-ui-it");
        registry.add("fabricpulse.data-dir", dataDir::toString);
    }

    @BeforeAll
    static void launch() {
        chromium = ChromiumBrowser.launch();
    }

    @AfterAll
    static void quit() {
        if (chromium != null) {
            chromium.close();
        }
    }

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
            Locator node0420 = page.locator("tbody[data-port-rows] tr[data-severity=error]", new Page.LocatorOptions().setHasText(NODE0420));
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
            page.locator("tbody[data-error-rows] tr[data-errors=true]", new Page.LocatorOptions().setHasText(NODE0420))
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
            Locator link = page.locator("tbody[data-error-rows] tr[data-errors=true] a", new Page.LocatorOptions().setHasText(NODE0420));
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
                      const cytoscape = await vendor.loadCytoscape();
                      return [typeof echarts.init, typeof cytoscape];
                    }""");
            assertThat(types).containsExactly("function", "function");
        }
    }

    /**
     * Benchmark, not a check: what each page ships (HTML, CSS, JavaScript; compressed as sent and as
     * decoded, from the browser's Navigation and Resource Timing) and how long the server takes for it
     * (median of {@link #BENCH_LOADS} requests). Printed and written to target/page-weights.md for
     * docs/PERFORMANCE.md.
     */
    @Test
    void measuresWhatEachPageShipsAndHowLongTheServerTakes() throws IOException, InterruptedException {
        try (BrowserPage tab = open()) {
            Page page = tab.go("/");
            Locator leaf = page.locator("tbody[data-error-rows] tr[data-errors=true] a",
                    new Page.LocatorOptions().setHasText("leaf03"));
            leaf.first().waitFor(visible());
            String portPath = leaf.first().getAttribute("href");
            String nodePath = portPath.substring(0, portPath.indexOf("/ports/"));
            StringBuilder table = new StringBuilder("| page | HTML sent / decoded (kB) | CSS (kB) | JS (kB) | JS files "
                    + "| server time, median ms |\n|---|---|---|---|---|---|\n");
            for (String path : List.of("/", "/?errors=all", "/inventory", nodePath, portPath)) {
                table.append(weigh(tab, path)).append('\n');
            }
            Path report = Path.of("target", "page-weights.md");
            Files.writeString(report, table);
            System.out.println("Page weights (" + report + "):\n" + table);
            assertThat(table.toString()).contains("| /inventory |");
        }
    }

    private static final int BENCH_LOADS = 5;
    private static final String WEIGHTS = """
            () => {
              const nav = performance.getEntriesByType('navigation')[0];
              const resources = performance.getEntriesByType('resource');
              const css = (r) => r.name.endsWith('.css');
              const js = (r) => r.name.endsWith('.js') || r.name.endsWith('.mjs');
              const sum = (type, field) => resources.filter(type).reduce((total, r) => total + r[field], 0);
              return {
                htmlSent: nav.encodedBodySize, htmlDecoded: nav.decodedBodySize,
                cssSent: sum(css, 'encodedBodySize'), cssDecoded: sum(css, 'decodedBodySize'),
                jsSent: sum(js, 'encodedBodySize'), jsDecoded: sum(js, 'decodedBodySize'),
                scripts: resources.filter(js).length,
              };
            }""";

    private String weigh(BrowserPage tab, String path) throws IOException, InterruptedException {
        Map<?, ?> weights = (Map<?, ?>) tab.go(path).evaluate(WEIGHTS);
        // Server time from a plain HTTP client: request sent to last byte received, over loopback, so the
        // browser's own work (and the test's request filter) is not counted.
        List<Double> serverMs = new ArrayList<>();
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                    .header("Authorization", basicAuth()).header("Accept-Encoding", "gzip").build();
            for (int i = 0; i < BENCH_LOADS; i++) {
                long start = System.nanoTime();
                HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                serverMs.add((System.nanoTime() - start) / 1e6);
                assertThat(response.statusCode()).as(path).isEqualTo(200);
            }
        }
        serverMs.sort(Double::compare);
        return "| %s | %s / %s | %s / %s | %s / %s | %s | %.0f |".formatted(path.replaceAll("0x[0-9a-f]{16}", "{guid}"),
                kb(weights.get("htmlSent")), kb(weights.get("htmlDecoded")), kb(weights.get("cssSent")),
                kb(weights.get("cssDecoded")), kb(weights.get("jsSent")), kb(weights.get("jsDecoded")),
                weights.get("scripts"), serverMs.get(serverMs.size() / 2));
    }

    private static String kb(Object bytes) {
        return "%.1f".formatted(((Number) bytes).doubleValue() / 1000);
    }

    private BrowserPage open() {
        return chromium.open("http://127.0.0.1:" + port, Map.of("Authorization", basicAuth()));
    }

    private static String basicAuth() {
        return "Basic " + Base64.getEncoder().encodeToString(
                (ServerTest.ADMIN + ":" + ServerTest.ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
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

    private static Locator.WaitForOptions visible() {
        return new Locator.WaitForOptions().setState(WaitForSelectorState.VISIBLE).setTimeout(PATIENCE_MS);
    }
}
