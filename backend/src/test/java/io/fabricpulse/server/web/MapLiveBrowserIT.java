package io.fabricpulse.server.web;

import com.microsoft.playwright.Page;
import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The map stays live without polling: in real Chromium on the demo fabric, the fabric's own updates (the
 * overview's event stream) re-read the folded graph, one read per announced update and no other, with no
 * reload; the map says it is live, and its summary and side panel follow the graph it holds.
 */
class MapLiveBrowserIT extends DemoServerBrowserTest {

    @Test
    void theMapFollowsTheFabricByItsEventStreamAlone() {
        try (BrowserPage tab = open()) {
            Page page = tab.goUntil("/map", "main[data-map][data-drawn=true]");
            assertThat(page.evaluate("performance.getEntriesByName('fabricpulse:map-ready').length")).isEqualTo(1);
            page.locator("main[data-map][data-live=live]").waitFor(visible());
            tab.pollUntil("() => Number(document.querySelector('main[data-map]').dataset.updates ?? 0) >= 2", null,
                    PATIENCE_MS, 500);

            @SuppressWarnings("unchecked")
            Map<String, Object> seen = (Map<String, Object>) page.evaluate("""
                    () => {
                      const main = document.querySelector('main[data-map]');
                      const graph = document.querySelector('[data-map-canvas]').graph;
                      return {
                        updates: Number(main.dataset.updates),
                        reads: performance.getEntriesByType('resource')
                            .filter(r => new URL(r.name).pathname === '/api/v1/topology/map').length,
                        navigations: performance.getEntriesByType('navigation').length,
                        summary: document.querySelector('[data-map-summary]').textContent,
                        nodes: graph.summary.nodes,
                        worstShown: document.querySelectorAll('[data-map-panel][data-showing=worst] li').length,
                        worst: graph.worst.length,
                      };
                    }""");
            // Read once on load (the preload) and once per update the stream announced (one more may have
            // arrived and not been drawn yet): nothing on a timer.
            int updates = ((Number) seen.get("updates")).intValue();
            assertThat(((Number) seen.get("reads")).intValue()).isBetween(updates + 1, updates + 2);
            assertThat(seen.get("navigations")).isEqualTo(1);
            assertThat((String) seen.get("summary")).startsWith(String.format(Locale.ROOT, "%,d nodes", ((Number) seen.get("nodes")).intValue()));
            assertThat(seen.get("worstShown")).isEqualTo(seen.get("worst"));
            tab.screenshot("map-live");
        }
    }
}
