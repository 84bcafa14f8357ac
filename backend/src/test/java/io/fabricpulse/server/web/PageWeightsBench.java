package io.fabricpulse.server.web;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The UI's page weights and server times on the demo server, for docs/PERFORMANCE.md. */
class PageWeightsBench extends DemoServerBrowserTest {

    /**
     * Benchmark, not a check: what each page ships (HTML, CSS, JavaScript, and the JSON its scripts fetch,
     * e.g. the map's topology; compressed as sent and as decoded, from the browser's Navigation and Resource
     * Timing; the map weighed once drawn and a port page once charted, since their libraries and data arrive after
     * the load event) and how long the server takes for it
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
            page = tab.go("/alerts");
            AlertsBrowserIT.openGroups(tab);
            Locator alert = page.locator("tbody[data-alert-rows] tr[data-scope=link] a[data-alert-link]").first();
            alert.waitFor(visible());
            String alertPath = alert.getAttribute("href");
            StringBuilder table = new StringBuilder("| page | HTML sent / decoded (kB) | CSS (kB) | JS (kB) | JS files "
                    + "| fetched by its scripts (kB) | server time, median ms |\n|---|---|---|---|---|---|---|\n");
            for (String path : List.of("/", "/?errors=all", "/inventory", nodePath, portPath, "/map", "/alerts", alertPath)) {
                table.append(weigh(tab, path)).append('\n');
            }
            Path report = Path.of("target", "page-weights.md");
            Files.writeString(report, table);
            System.out.println("Page weights (" + report + "):\n" + table);
            assertThat(table.toString()).contains("| /inventory |", "| /map |", "| /alerts |", "| /alerts/{id} |");
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
                jsonSent: sum((r) => r.initiatorType === 'fetch' && !js(r) && !css(r), 'encodedBodySize'),
                jsonDecoded: sum((r) => r.initiatorType === 'fetch' && !js(r) && !css(r), 'decodedBodySize'),
              };
            }""";

    private String weigh(BrowserPage tab, String path) throws IOException, InterruptedException {
        Page page = tab.go(path);
        if (path.equals("/map")) {
            // The map's library and the topology arrive after the load event: weigh once it is drawn.
            page.locator("main[data-map][data-drawn=true]").waitFor(visible());
        } else if (path.contains("/ports/")) {
            // Likewise the port page's charts: ECharts and the rates of both ends.
            page.locator("[data-chart=peer] canvas").first().waitFor(visible());
        }
        Map<?, ?> weights = (Map<?, ?>) page.evaluate(WEIGHTS);
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
        return "| %s | %s / %s | %s / %s | %s / %s | %s | %s / %s | %.0f |".formatted(
                path.replaceAll("0x[0-9a-f]{16}", "{guid}").replaceAll("^/alerts/\\d+$", "/alerts/{id}"),
                kb(weights.get("htmlSent")), kb(weights.get("htmlDecoded")), kb(weights.get("cssSent")),
                kb(weights.get("cssDecoded")), kb(weights.get("jsSent")), kb(weights.get("jsDecoded")),
                weights.get("scripts"), kb(weights.get("jsonSent")), kb(weights.get("jsonDecoded")),
                serverMs.get(serverMs.size() / 2));
    }

    private static String kb(Object bytes) {
        return "%.1f".formatted(((Number) bytes).doubleValue() / 1000);
    }

}
