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
class PageWeightsBenchIT extends DemoServerBrowserTest {

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

}
